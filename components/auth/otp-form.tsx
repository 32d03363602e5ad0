"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/lib/browser/toast";
import { callApi, errorMessage } from "@/lib/browser/api-client";
import { authCalls } from "@/contract/client-calls";
import type { OtpPurpose } from "@/contract/fields";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { EmailField } from "./email-field";

const NEXT_PAGE: Record<OtpPurpose, (email: string) => string> = {
  register: () => "/login",
  "forgot-password": (email) => `/change-password?email=${encodeURIComponent(email)}`,
};

/** Enter the 6-digit code (register or forgot-password), or ask for a new one. */
export function OtpForm({ purpose, email }: { purpose: OtpPurpose; email: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [resending, setResending] = useState(false);
  const form = useContractForm(
    () => import("@/contract/auth").then((m) => m.otpVerifyBody),
    { email, otp: "", purpose },
    async (values) => {
      const result = await callApi(authCalls.otpVerify, { body: values });
      toast.success(result.message);
      router.push(NEXT_PAGE[purpose](values.email));
    },
  );

  const resend = async () => {
    setResending(true);
    try {
      const result = await callApi(authCalls.resendOtp, { body: { email: form.values.email ?? "", purpose } });
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form className="form" {...form.formProps}>
      <EmailField fixed={Boolean(email)} {...form.field("email")} />
      <TextField
        label={t("verify.code")}
        className="otp-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        autoFocus
        {...form.field("otp")}
      />
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? t("verify.busy") : t("verify.submit")}
      </Button>
      <div className="auth-links">
        <span className="muted">{t("verify.noCode")}</span>
        <Button type="button" variant="link" busy={resending} onClick={resend}>
          {t("verify.resend")}
        </Button>
      </div>
      <p className="muted" style={{ margin: 0, textAlign: "center" }}>
        <Link href="/login">{t("verify.backToLogin")}</Link>
      </p>
    </form>
  );
}
