import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("register.title") };
}

export default async function RegisterPage() {
  const t = await getTranslations("auth");
  return (
    <AuthCard title={t("register.title")} lead={t("register.lead")}>
      <RegisterForm />
    </AuthCard>
  );
}
