import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { OtpForm } from "@/components/auth/otp-form";
import { param, type SearchParams } from "@/lib/search-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("verify.title") };
}

export default async function VerifyOtpPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("auth");
  const email = await param(searchParams, "email");
  return (
    <AuthCard title={t("verify.title")} lead={t("verify.lead")}>
      <OtpForm purpose="register" email={email} />
    </AuthCard>
  );
}
