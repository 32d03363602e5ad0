import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { TextField } from "@/components/ui/text-field";

/** The account's email; read-only when the previous step already named it. */
export function EmailField({
  fixed = false,
  ...props
}: { fixed?: boolean } & Omit<ComponentProps<typeof TextField>, "label">) {
  const t = useTranslations("auth");
  return <TextField label={t("email")} type="email" autoComplete="email" readOnly={fixed} required {...props} />;
}
