import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "Create your account" };

export default function RegisterPage() {
  return (
    <AuthCard
      title="Create your account"
      lead="Start your digital stamp card in minutes. We will email you a code to confirm it is you."
    >
      <RegisterForm />
    </AuthCard>
  );
}
