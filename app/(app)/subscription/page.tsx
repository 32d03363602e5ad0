import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlanPicker } from "@/components/payment/plan-picker";
import { PageMessages } from "@/app/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard.titles");
  return { title: t("subscription"), robots: { index: false } };
}

export default function SubscriptionPage() {
  return (
    <PageMessages page="/subscription">
      <PlanPicker />
    </PageMessages>
  );
}
