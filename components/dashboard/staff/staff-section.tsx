"use client";

import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { addStaffBody, type StaffMember } from "@/lib/contract/staff";
import { useAddStaff, useDeleteStaff, useStaff } from "@/lib/queries/staff";
import { useContractForm } from "@/lib/use-contract-form";
import { PagedList } from "../paged-list";
import { StaffSettingsCard } from "./staff-settings";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

/** The invite link, shown once after add-staff (only its hash is kept), with a copy button. */
function InviteLink({ name, link }: { name: string; link: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Invite link copied.");
    } catch {
      toast.error("Copying is not allowed here: select the link and copy it.");
    }
  };
  return (
    <div className="card invite-link" role="status">
      <p>We emailed {name} an invite. You can also send this link yourself; it works once and expires in 7 days.</p>
      <div className="copy-row">
        <label htmlFor={id} className="visually-hidden">
          Invite link
        </label>
        <input id={id} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy link
        </button>
      </div>
    </div>
  );
}

function AddStaffForm() {
  const add = useAddStaff();
  const headingId = useId();
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
      <h2 id={headingId}>Invite a staff member</h2>
      <p className="muted">
        Staff scan customers&apos; cards and hand out rewards. They cannot change your businesses.
      </p>
      <form className="form" {...form.formProps}>
        <div className="form-row">
          <TextField label="Name" autoComplete="off" required {...form.field("name")} />
          <TextField label="Email" type="email" autoComplete="off" required {...form.field("email")} />
        </div>
        <FormActions submit="Send invite" busy={form.busy} />
      </form>
      {invite && <InviteLink {...invite} />}
    </section>
  );
}

const STATUS = {
  active: { label: "Active", className: "badge-success" },
  invited: { label: "Invited", className: "badge-info" },
  expired: { label: "Invite expired", className: "badge-warning" },
} as const;

function StaffRow({ member }: { member: StaffMember }) {
  const remove = useDeleteStaff();
  const status = STATUS[member.status];
  return (
    <ItemRow
      name={member.name}
      heading={
        <>
          {member.name} <span className={`badge ${status.className}`}>{status.label}</span>
        </>
      }
      remove={{
        action: "Remove",
        title: `Remove ${member.name}?`,
        warning:
          member.status === "active"
            ? `${member.name} is signed out at once and can no longer sign in.`
            : "The invite link stops working.",
        confirmLabel: member.status === "active" ? "Remove and sign out" : "Withdraw invite",
        onConfirm: () => remove.mutateAsync(member.id),
      }}
    >
      <p className="muted">{member.email}</p>
      <p className="muted small">
        {member.status === "active"
          ? `Joined ${dateFormat.format(new Date(member.created_at))}`
          : `Invite ${member.status === "expired" ? "expired" : "expires"} ${dateFormat.format(new Date(member.expires_at))}`}
      </p>
    </ItemRow>
  );
}

export function StaffSection() {
  const [page, setPage] = useState(1);
  const list = useStaff(page);
  return (
    <>
      <h1 className="page-title">My staff</h1>
      <AddStaffForm />
      <StaffSettingsCard />
      <PagedList
        list={list}
        what="your staff"
        pages="Staff"
        onPage={setPage}
        empty={
          <EmptyState title="No staff yet">
            Invite the people who serve at your counter, above. They get an email with a link to set their password.
          </EmptyState>
        }
      >
        {(member) => <StaffRow key={member.id} member={member} />}
      </PagedList>
    </>
  );
}
