"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import toast from "react-hot-toast";
import { apiCall } from "@/lib/api-client";
import { authCalls } from "@/lib/contract/client-calls";
import { useContractForm } from "@/lib/use-contract-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

export function ForgotPasswordForm() {
  const router = useRouter();
  const form = useContractForm(
    () => import("@/lib/contract/auth").then((m) => m.forgotPasswordBody),
    { email: "" },
    async (values) => {
      const result = await apiCall(authCalls.forgotPassword, { body: values });
      toast.success(result.message);
      router.push(`/forgot-verify-otp?email=${encodeURIComponent(values.email)}`);
    },
  );

  return (
    <form className="form" {...form.formProps}>
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <Button type="submit" className="btn-block" busy={form.busy}>
        {form.busy ? "Sending…" : "Send me a code"}
      </Button>
      <p className="muted" style={{ margin: 0, textAlign: "center" }}>
        Remembered it? <Link href="/login">Log in</Link>
      </p>
    </form>
  );
}
