"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ApiError, callApi } from "@/lib/browser/api-client";
import { authCalls } from "@/contract/client-calls";
import { homeFor } from "@/lib/routes";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/browser/toast";

export function LoginForm() {
  const t = useTranslations("auth");
  const router = useRouter();
  const form = useContractForm(
    () => import("@/contract/auth").then((m) => m.loginBody),
    { email: "", password: "" },
    async (values) => {
      try {
        const result = await callApi(authCalls.login, { body: values });
        toast.success(result.message);
        // A full load, as the spec asks: the signed-in shell starts fresh with the new session.
        window.location.assign(homeFor(result.data.status_payment, result.data.role));
      } catch (error) {
        if (error instanceof ApiError && error.errors.email_verified) {
          toast.error(error.message);
          router.push(`/verify-otp?email=${encodeURIComponent(values.email)}`);
          return;
        }
        throw error;
      }
    },
  );

  return (
    <form className="form" {...form.formProps}>
      <TextField label={t("email")} type="email" autoComplete="email" required {...form.field("email")} />
      <TextField
        label={t("password")}
        type="password"
        autoComplete="current-password"
        required
        {...form.field("password")}
      />
      <div className="row-between">
        <span />
        <Link href="/forgot-password">{t("login.forgot")}</Link>
      </div>
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? t("login.busy") : t("login.submit")}
      </Button>
      <p className="muted" style={{ margin: 0, textAlign: "center" }}>
        {t.rich("login.newHere", { link: (chunks) => <Link href="/register">{chunks}</Link> })}
      </p>
    </form>
  );
}
