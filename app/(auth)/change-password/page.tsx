import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { param, type SearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ChangePasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const email = await param(searchParams, "email");
  return (
    <AuthCard title="Choose a new password" lead="Pick a password you do not use anywhere else.">
      <ChangePasswordForm email={email} />
    </AuthCard>
  );
}
