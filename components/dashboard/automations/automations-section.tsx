"use client";

import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { AUTOMATION_LABELS, automationSaveBody, type Automation } from "@/lib/contract/automations";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX } from "@/lib/contract/notifications";
import { useAutomationLog, useAutomations, useSaveAutomation } from "@/lib/queries/automations";
import { useBusinessOptions } from "@/lib/queries/businesses";
import { useContractForm } from "@/lib/use-contract-form";
import { labelColumns } from "../stack-table";
import { usePageInRange } from "../use-page";
import "./automations.css";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One automation: on/off, its N days (win-back), title and text with placeholders. */
function AutomationForm({ automation }: { automation: Automation }) {
  const save = useSaveAutomation();
  const headingId = useId();
  const label = AUTOMATION_LABELS[automation.kind];
  const form = useContractForm(
    automationSaveBody,
    {
      business_id: String(automation.business_id),
      kind: automation.kind,
      enabled: automation.enabled ? "true" : "false",
      days: automation.days === null ? "" : String(automation.days),
      title: automation.title,
      message: automation.message,
    },
    async (values) => {
      const result = await save.mutateAsync(values);
      toast.success(result.message);
    },
  );
  const enabled = form.field("enabled");
  return (
    <section className="card automation" aria-labelledby={headingId}>
      <form className="form" {...form.formProps}>
        <div className="row-between">
          <h2 id={headingId}>{label.title}</h2>
          <SelectField
            label="Status"
            placeholder="Choose"
            options={[
              { value: "true", label: "On" },
              { value: "false", label: "Off" },
            ]}
            {...enabled}
          />
        </div>
        <p className="muted small">Sent {label.when}.</p>
        {automation.kind === "win_back" && (
          <TextField label="Days without a visit" type="number" min={1} max={3650} {...form.field("days")} />
        )}
        <TextField label="Title" maxLength={MESSAGE_TITLE_MAX} {...form.field("title")} />
        <TextField label="Message" maxLength={MESSAGE_TEXT_MAX} {...form.field("message")} />
        <FormActions submit={`Save ${label.title.toLowerCase()}`} busy={form.busy} />
      </form>
    </section>
  );
}

function AutomationLog() {
  const [page, setPage] = useState(1);
  const log = useAutomationLog(page);
  usePageInRange(log.data, setPage);
  return (
    <section className="card" aria-labelledby="automation-log-title">
      <h2 id="automation-log-title">Sent by automations</h2>
      {log.isPending ? (
        <Skeleton label="Loading the log…" height="2.5rem" />
      ) : log.isError ? (
        <ErrorState what="the log" error={log.error} onRetry={() => log.refetch()} />
      ) : log.data.total === 0 ? (
        <EmptyState title="Nothing sent yet">Messages your automations send appear here, with who got them.</EmptyState>
      ) : (
        <>
          <div className="table-scroll">
            <table className="scan-table stack-table" ref={labelColumns}>
              <caption className="visually-hidden">Automated messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Sent</th>
                  <th scope="col">Automation</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.sent_at}>{when.format(new Date(entry.sent_at))}</time>
                    </td>
                    <td>{AUTOMATION_LABELS[entry.kind].title}</td>
                    <td>{entry.customer_name ?? "A deleted customer"}</td>
                    <td>{entry.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination data={log.data} onPage={setPage} label="Automation log" />
        </>
      )}
    </section>
  );
}

/**
 * Automations (issue 16): per business, four messages that send themselves, once per customer per
 * period. Placeholders: {name}, {business}, {stamps_left}.
 */
export function AutomationsSection() {
  const businesses = useBusinessOptions();
  const [chosen, setBusinessId] = useState("");
  // Until the owner picks one, the first business.
  const businessId = chosen || (businesses.data?.[0] ? String(businesses.data[0].id) : "");
  const list = useAutomations(businessId);
  return (
    <>
      <h1 className="page-title">Automations</h1>
      <p className="muted">
        Messages that go out by themselves, each at most once per customer per period. Use {"{name}"}, {"{business}"}{" "}
        and {"{stamps_left}"} in the text.
      </p>
      <div className="automation-business">
        <SelectField
          label="Business"
          name="business"
          placeholder={businesses.isPending ? "Loading your businesses…" : "Choose a business"}
          options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
          value={businessId}
          onChange={(event) => setBusinessId(event.target.value)}
        />
      </div>
      {businessId &&
        (list.isPending ? (
          <Skeleton label="Loading automations…" />
        ) : list.isError ? (
          <ErrorState what="the automations" error={list.error} onRetry={() => list.refetch()} />
        ) : (
          <div className="automation-grid">
            {list.data.map((a) => (
              <AutomationForm key={`${a.business_id}-${a.kind}`} automation={a} />
            ))}
          </div>
        ))}
      <AutomationLog />
    </>
  );
}
