import type { ComponentProps } from "react";
import { TextField } from "@/components/ui/text-field";

/** The account's email; read-only when the previous step already named it. */
export function EmailField({
  fixed = false,
  ...props
}: { fixed?: boolean } & Omit<ComponentProps<typeof TextField>, "label">) {
  return <TextField label="Email" type="email" autoComplete="email" readOnly={fixed} required {...props} />;
}
