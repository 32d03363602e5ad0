import { TextField } from "@/components/ui/text-field";

type FieldProps = ReturnType<ReturnType<typeof import("@/lib/use-contract-form").useContractForm>["field"]>;

/** "Password" and "Confirm password" for a password being set (register, reset, change). */
export function NewPasswordFields({
  field,
  label = "Password",
}: {
  field: (name: "password" | "password_confirmation") => FieldProps;
  label?: string;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        required
        {...field("password")}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        required
        {...field("password_confirmation")}
      />
    </>
  );
}
