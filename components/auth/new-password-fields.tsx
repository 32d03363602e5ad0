import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";

type FieldProps = ReturnType<ReturnType<typeof import("@/lib/browser/use-contract-form").useContractForm>["field"]>;

/**
 * "Password" and "Confirm password" for a password being set (register, reset, change). A caller
 * naming the field (`label`, a new password) names its confirmation too (`confirmLabel`; else the
 * catalogue's "Confirm new password": a label pieced together in English read so in every language).
 */
export function NewPasswordFields({
  field,
  label,
  confirmLabel,
}: {
  field: (name: "password" | "password_confirmation") => FieldProps;
  label?: string;
  confirmLabel?: string;
}) {
  const t = useTranslations("auth");
  const confirm = confirmLabel ?? t(label ? "confirmNewPassword" : "confirmPassword");
  return (
    <>
      <TextField
        label={label ?? t("password")}
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint")}
        required
        {...field("password")}
      />
      <TextField
        label={confirm}
        type="password"
        autoComplete="new-password"
        required
        {...field("password_confirmation")}
      />
    </>
  );
}
