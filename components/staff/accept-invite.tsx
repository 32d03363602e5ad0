"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import toast from "react-hot-toast";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { ApiError, errorMessage } from "@/lib/browser/api-client";
import { acceptInviteForm, type StaffInvite } from "@/contract/staff";
import { acceptInvite, useStaffInvite } from "@/lib/browser/queries/staff";
import { useContractForm } from "@/lib/browser/use-contract-form";

function InviteForm({ token, invite, onAccepted }: { token: string; invite: StaffInvite; onAccepted: () => void }) {
  const t = useTranslations("card");
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
      <TextField label={t("email")} type="email" name="email" value={invite.email} readOnly />
      <TextField label={t("yourName")} autoComplete="name" required {...form.field("name")} />
      <NewPasswordFields field={form.field} />
      <Button type="submit" className="btn-block" busy={form.busy}>
        {t("joinTheTeam")}
      </Button>
    </form>
  );
}

/** `/add-user/{token}`: whose team it is, then name and password; or why the link cannot be used. */
export function AcceptInvite({ token }: { token: string }) {
  const t = useTranslations("card");
  const invite = useStaffInvite(token);
  const [accepted, setAccepted] = useState(false);

  if (invite.isPending) {
    return (
      <div className="card auth-card">
        <Skeleton rows={3} height="2.75rem" label={t("inviteChecking")} />
      </div>
    );
  }
  if (invite.isError) {
    // Expired, used or unknown: the server's message says which and what to do.
    const known = invite.error instanceof ApiError && invite.error.status < 500;
    return (
      <div className="card auth-card" role="alert">
        <h1>{known ? t("inviteUnusable") : t("inviteCheckFailed")}</h1>
        <p className="lead">{errorMessage(invite.error)}</p>
        {known ? (
          <Link className="btn btn-primary" href="/login">
            {t("goToSignIn")}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => invite.refetch()}>
            {t("tryAgain")}
          </button>
        )}
      </div>
    );
  }
  if (accepted) {
    return (
      <div className="card auth-card" role="status">
        <h1>{t("inviteWelcome", { team: invite.data.team })}</h1>
        <p className="lead">{t("inviteReady", { email: invite.data.email })}</p>
        <Link className="btn btn-primary btn-block" href="/login">
          {t("signIn")}
        </Link>
      </div>
    );
  }
  return (
    <div className="card auth-card">
      <h1>
        {t("inviteJoinTeam", {
          team: invite.data.team,
          same: invite.data.team === invite.data.owner_name ? "yes" : "no",
        })}
      </h1>
      <p className="lead">{t("inviteLead", { owner: invite.data.owner_name })}</p>
      <InviteForm token={token} invite={invite.data} onAccepted={() => setAccepted(true)} />
    </div>
  );
}
