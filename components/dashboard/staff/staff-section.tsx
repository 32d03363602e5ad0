"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { addStaffBody, type StaffMember } from "@/contract/staff";
import { useAddStaff, useDeleteStaff, useStaff } from "@/lib/browser/queries/staff";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { PagedList } from "../paged-list";
import { StaffSettingsCard } from "./staff-settings";

/** The invite link, shown once after add-staff (only its hash is kept), with a copy button. */
function InviteLink({ name, link }: { name: string; link: string }) {
  const id = useId();
  const t = useTranslations("dashboard.staff");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyBlocked"));
    }
  };
  return (
    <div className="card invite-link" role="status">
      <p>{t("invited", { name })}</p>
      <div className="copy-row">
        <label htmlFor={id} className="visually-hidden">
          {t("inviteLink")}
        </label>
        <input id={id} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="btn btn-secondary" onClick={copy}>
          {t("copy")}
        </button>
      </div>
    </div>
  );
}

function AddStaffForm() {
  const add = useAddStaff();
  const headingId = useId();
  const t = useTranslations("dashboard.staff");
  const [invite, setInvite] = useState<{ name: string; link: string } | null>(null);
  const form = useContractForm(
    addStaffBody,
    { name: "", email: "" },
    async (values) => {
      const result = await add.mutateAsync(values);
      toast.success(result.message);
      setInvite({ name: result.data.name, link: result.data.invite_link });
    },
    { resetOnSuccess: true },
  );
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("inviteTitle")}</h2>
      <p className="muted">{t("inviteText")}</p>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <TextField label={t("name")} autoComplete="off" required {...form.field("name")} />
          <TextField label={t("email")} type="email" autoComplete="off" required {...form.field("email")} />
        </div>
        <FormActions submit={t("send")} busy={form.busy} />
      </form>
      {invite && <InviteLink {...invite} />}
    </section>
  );
}

/** The badge of each status; its label is dashboard.staff.status.<status>. */
const STATUS_CLASS = { active: "badge-success", invited: "badge-info", expired: "badge-warning" } as const;

function StaffRow({ member }: { member: StaffMember }) {
  const remove = useDeleteStaff();
  const t = useTranslations("dashboard.staff");
  const format = useFormatter();
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  return (
    <ItemRow
      name={member.name}
      heading={
        <>
          {member.name} <span className={`badge ${STATUS_CLASS[member.status]}`}>{t(`status.${member.status}`)}</span>
        </>
      }
      remove={{
        action: t("remove"),
        title: t("removeTitle", { name: member.name }),
        warning: member.status === "active" ? t("removeActive", { name: member.name }) : t("removeInvite"),
        confirmLabel: member.status === "active" ? t("removeSignOut") : t("withdraw"),
        onConfirm: () => remove.mutateAsync(member.id),
      }}
    >
      <p className="muted">{member.email}</p>
      <p className="muted small">
        {member.status === "active"
          ? t("joined", { date: day(member.created_at) })
          : t(member.status === "expired" ? "inviteExpired" : "inviteExpires", { date: day(member.expires_at) })}
      </p>
    </ItemRow>
  );
}

export function StaffSection() {
  const [page, setPage] = useState(1);
  const list = useStaff(page);
  const t = useTranslations("dashboard.staff");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <AddStaffForm />
      <StaffSettingsCard />
      <PagedList
        list={list}
        what={t("what")}
        pages={t("pages")}
        onPage={setPage}
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(member) => <StaffRow key={member.id} member={member} />}
      </PagedList>
    </>
  );
}
