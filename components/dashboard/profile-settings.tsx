"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { passwordUpdateBody, profileUpdateBody, userSoftDeleteBody } from "@/contract/auth";
import { deleteAccount, updatePassword, useProfile, useUpdateProfile } from "@/lib/browser/queries/user";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";

function ProfileForm() {
  const { data: profile } = useProfile();
  const update = useUpdateProfile();
  const t = useTranslations("dashboard.profile");
  const form = useContractForm(profileUpdateBody, { name: "", phone_number: "" }, async (values) => {
    const result = await update.mutateAsync(values);
    toast.success(result.message);
  });
  const { setValues } = form;
  useEffect(() => {
    if (profile) setValues({ name: profile.name, phone_number: profile.phone_number });
  }, [profile, setValues]);

  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t("details")}</h2>
      <form className="form" {...form.formProps}>
        <TextField label={t("email")} type="email" name="email" value={profile?.email ?? ""} readOnly />
        <TextField label={t("name")} autoComplete="name" required {...form.field("name")} />
        <TextField label={t("phone")} type="tel" autoComplete="tel" required {...form.field("phone_number")} />
        <Button type="submit" busy={form.busy} disabled={!profile}>
          {t("saveDetails")}
        </Button>
      </form>
    </section>
  );
}

function PasswordForm() {
  const t = useTranslations("dashboard.profile");
  const blank = { current_password: "", password: "", password_confirmation: "" };
  const form = useContractForm(
    passwordUpdateBody,
    blank,
    async (values) => {
      const result = await updatePassword(values);
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">{t("password")}</h2>
      <p className="muted">{t("passwordText")}</p>
      <form className="form" {...form.formProps}>
        <TextField
          label={t("current")}
          type="password"
          autoComplete="current-password"
          required
          {...form.field("current_password")}
        />
        <NewPasswordFields field={form.field} label={t("new")} />
        <Button type="submit" busy={form.busy}>
          {t("updatePassword")}
        </Button>
      </form>
    </section>
  );
}

/** What the owner types to confirm that the account goes. */
const CONFIRM_WORD = "DELETE";

function DeleteAccount() {
  const [typed, setTyped] = useState("");
  const t = useTranslations("dashboard.profile");
  const form = useContractForm(userSoftDeleteBody, { password: "" }, async (values) => {
    const result = await deleteAccount(values);
    toast.success(result.message);
    // A full load: every cached query of the closed account goes with it.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/");
  });
  return (
    <section className="card danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t("delete")}</h2>
      <p className="muted">{t("deleteText")}</p>
      <form className="form" {...form.formProps}>
        <TextField
          label={t("typeWord", { word: CONFIRM_WORD })}
          name="confirm_word"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          required
        />
        <TextField
          label={t("passwordConfirm")}
          type="password"
          autoComplete="current-password"
          required
          {...form.field("password")}
        />
        <Button type="submit" variant="danger" busy={form.busy} disabled={typed.trim() !== CONFIRM_WORD}>
          {t("deleteButton")}
        </Button>
      </form>
    </section>
  );
}

export function ProfileSettings() {
  const { data: profile } = useProfile();
  const t = useTranslations("dashboard.profile");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <div className="grid-2">
        <ProfileForm />
        <PasswordForm />
        {/* Staff accounts are closed by their owner (My Staff), not by themselves. */}
        {profile?.role === "owner" && <DeleteAccount />}
      </div>
    </>
  );
}
