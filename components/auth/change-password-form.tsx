"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "@/lib/browser/toast";
import { callApi } from "@/lib/browser/api-client";
import { authCalls } from "@/contract/client-calls";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { Button } from "@/components/ui/button";
import { EmailField } from "./email-field";
import { NewPasswordFields } from "./new-password-fields";

/** The last step of forgot-password; the BFF adds the reset token kept in the session. */
export function ChangePasswordForm({ email }: { email: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const form = useContractForm(
    () => import("@/contract/auth").then((m) => m.changePasswordForm),
    { email, password: "", password_confirmation: "" },
    async (values) => {
      const result = await callApi(authCalls.resetPassword, { body: values });
      toast.success(result.message);
      router.push("/login");
    },
  );

  return (
    <form className="form" {...form.formProps}>
      <EmailField fixed={Boolean(email)} {...form.field("email")} />
      <NewPasswordFields field={form.field} label={t("newPassword")} confirmLabel={t("confirmNewPassword")} />
      {form.errors.reset_token && (
        <p className="field-error" role="alert">
          {form.errors.reset_token} <Link href="/forgot-password">{t("change.requestNew")}</Link>
        </p>
      )}
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? t("change.busy") : t("change.submit")}
      </Button>
    </form>
  );
}
