import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { param, type SearchParams } from "@/lib/search-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("change.title") };
}

export default async function ChangePasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const t = await getTranslations("auth");
  const email = await param(searchParams, "email");
  return (
    <AuthCard title={t("change.title")} lead={t("change.lead")}>
      <ChangePasswordForm email={email} />
    </AuthCard>
  );
}
