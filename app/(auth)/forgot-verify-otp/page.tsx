import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { OtpForm } from "@/components/auth/otp-form";
import { param, type SearchParams } from "@/lib/search-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("forgot.codeTitle") };
}

export default async function ForgotVerifyOtpPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("auth");
  const email = await param(searchParams, "email");
  return (
    <AuthCard title={t("forgot.codeTitle")} lead={t("forgot.codeLead")}>
      <OtpForm purpose="forgot-password" email={email} />
    </AuthCard>
  );
}
