"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import toast from "react-hot-toast";
import { apiCall } from "@/lib/api-client";
import { changePasswordForm } from "@/lib/contract/auth";
import { useContractForm } from "@/lib/use-contract-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/** The last step of forgot-password; the BFF adds the reset token kept in the session. */
export function ChangePasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const form = useContractForm(
    changePasswordForm,
    { email, password: "", password_confirmation: "" },
    async (values) => {
      const result = await apiCall("/reset-password", { body: values });
      toast.success(result.message);
      router.push("/login");
    },
  );

  return (
    <form className="form" onSubmit={form.handleSubmit} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={Boolean(email)}
        required
        {...form.field("email")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        required
        {...form.field("password")}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        {...form.field("password_confirmation")}
      />
      {form.errors.reset_token && (
        <p className="field-error" role="alert">
          {form.errors.reset_token} <Link href="/forgot-password">Request a new code</Link>
        </p>
      )}
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}
