"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "@/lib/browser/toast";
import { callApi } from "@/lib/browser/api-client";
import { authCalls } from "@/contract/client-calls";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const router = useRouter();
  const form = useContractForm(
    () => import("@/contract/auth").then((m) => m.forgotPasswordBody),
    { email: "" },
    async (values) => {
      const result = await callApi(authCalls.forgotPassword, { body: values });
      toast.success(result.message);
      router.push(`/forgot-verify-otp?email=${encodeURIComponent(values.email)}`);
    },
  );

  return (
    <form className="form" {...form.formProps}>
      <TextField label={t("email")} type="email" autoComplete="email" required {...form.field("email")} />
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? t("forgot.busy") : t("forgot.submit")}
      </Button>
      <p className="muted" style={{ margin: 0, textAlign: "center" }}>
        {t.rich("forgot.remembered", { link: (chunks) => <Link href="/login">{chunks}</Link> })}
      </p>
    </form>
  );
}
