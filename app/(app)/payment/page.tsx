import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { connection } from "next/server";
import { PaymentPage } from "@/components/payment/payment-page";
import { paymentMode } from "@/contract/payments";
import { webEnv } from "@/lib/server/env";
import { PageMessages } from "@/app/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard.titles");
  return { title: t("payment"), robots: { index: false } };
}
/** Reads the search params and the running server's Stripe key per request. */
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function Payment({ searchParams }: Props) {
  await connection();
  const params = await searchParams;
  const mode = paymentMode.catch("newUser").parse(params.mode);
  const plan = Number(params.plan);
  return (
    <PageMessages page="/payment">
      <PaymentPage
        mode={mode}
        planId={Number.isInteger(plan) && plan > 0 ? plan : null}
        publishableKey={webEnv().NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null}
      />
    </PageMessages>
  );
}
