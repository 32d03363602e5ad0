import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ThankYou } from "@/components/payment/thank-you";
import { PageMessages } from "@/app/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard.titles");
  return { title: t("thank-you"), robots: { index: false } };
}

export default function ThankYouPage() {
  return (
    <PageMessages page="/thank-you">
      <ThankYou />
    </PageMessages>
  );
}
