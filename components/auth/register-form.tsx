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
import { NewPasswordFields } from "./new-password-fields";

export function RegisterForm() {
  const t = useTranslations("auth");
  const router = useRouter();
  const form = useContractForm(
    () => import("@/contract/auth").then((m) => m.registerBody),
    { name: "", email: "", phone_number: "", password: "", password_confirmation: "" },
    async (values) => {
      const result = await callApi(authCalls.register, { body: values });
      toast.success(result.message);
      router.push(`/verify-otp?email=${encodeURIComponent(values.email)}`);
    },
  );

  return (
    <form className="form" {...form.formProps}>
      <TextField label={t("fullName")} autoComplete="name" required {...form.field("name")} />
      <TextField label={t("email")} type="email" autoComplete="email" required {...form.field("email")} />
      <TextField label={t("phoneNumber")} type="tel" autoComplete="tel" required {...form.field("phone_number")} />
      <NewPasswordFields field={form.field} />
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? t("register.busy") : t("register.submit")}
      </Button>
      <p className="muted" style={{ margin: 0, textAlign: "center" }}>
        {t.rich("register.haveAccount", { link: (chunks) => <Link href="/login">{chunks}</Link> })}
      </p>
    </form>
  );
}
