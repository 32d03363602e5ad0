import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { OtpForm } from "@/components/auth/otp-form";
import { param, type SearchParams } from "@/lib/search-params";

export const metadata: Metadata = { title: "Confirm your email" };

export default async function VerifyOtpPage({ searchParams }: { searchParams: SearchParams }) {
  const email = await param(searchParams, "email");
  return (
    <AuthCard title="Confirm your email" lead="Enter the 6-digit code we sent to your email. It expires in 10 minutes.">
      <OtpForm purpose="register" email={email} />
    </AuthCard>
  );
}
