"use client";

import Link from "next/link";
import { useState } from "react";
import toast from "react-hot-toast";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { acceptInviteForm, type StaffInvite } from "@/lib/contract/staff";
import { acceptInvite, useStaffInvite } from "@/lib/queries/staff";
import { useContractForm } from "@/lib/use-contract-form";

function InviteForm({ token, invite, onAccepted }: { token: string; invite: StaffInvite; onAccepted: () => void }) {
  const form = useContractForm(
    acceptInviteForm,
    { name: invite.name, password: "", password_confirmation: "" },
    async (values) => {
      const result = await acceptInvite({ ...values, token });
      toast.success(result.message);
      onAccepted();
    },
  );
  return (
    <form className="form" {...form.formProps}>
      <TextField label="Email" type="email" name="email" value={invite.email} readOnly />
      <TextField label="Your name" autoComplete="name" required {...form.field("name")} />
      <NewPasswordFields field={form.field} />
      <Button type="submit" className="btn-block" busy={form.busy}>
        Join the team
      </Button>
    </form>
  );
}

/** `/add-user/{token}`: whose team it is, then name and password; or why the link cannot be used. */
export function AcceptInvite({ token }: { token: string }) {
  const invite = useStaffInvite(token);
  const [accepted, setAccepted] = useState(false);

  if (invite.isPending) {
    return (
      <div className="card auth-card">
        <Skeleton rows={3} height="2.75rem" label="Checking your invitation…" />
      </div>
    );
  }
  if (invite.isError) {
    // Expired, used or unknown: the server's message says which and what to do.
    const known = invite.error instanceof ApiError && invite.error.status < 500;
    return (
      <div className="card auth-card" role="alert">
        <h1>{known ? "This invitation cannot be used" : "We could not check your invitation"}</h1>
        <p className="lead">{errorMessage(invite.error)}</p>
        {known ? (
          <Link className="btn btn-primary" href="/login">
            Go to sign in
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => invite.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (accepted) {
    return (
      <div className="card auth-card" role="status">
        <h1>Welcome to {invite.data.team}</h1>
        <p className="lead">Your account is ready. Sign in with {invite.data.email} and the password you chose.</p>
        <Link className="btn btn-primary btn-block" href="/login">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="card auth-card">
      <h1>Join {invite.data.team === invite.data.owner_name ? `${invite.data.team}'s team` : invite.data.team}</h1>
      <p className="lead">
        {invite.data.owner_name} invited you to scan customers&apos; cards and hand out rewards. Choose your password to
        get started.
      </p>
      <InviteForm token={token} invite={invite.data} onAccepted={() => setAccepted(true)} />
    </div>
  );
}
