import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { OtpForm } from "@/components/auth/otp-form";
import { param, type SearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Enter your code" };

export default async function ForgotVerifyOtpPage({ searchParams }: { searchParams: SearchParams }) {
  const email = await param(searchParams, "email");
  return (
    <AuthCard
      title="Enter your code"
      lead="If an account exists for this email, a 6-digit code is on its way. It expires in 10 minutes."
    >
      <OtpForm purpose="forgot-password" email={email} />
    </AuthCard>
  );
}
