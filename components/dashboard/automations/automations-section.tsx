"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { automationSaveBody, EXPIRY_NOTICE_DAYS, type Automation } from "@/contract/automations";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX } from "@/contract/notifications";
import { useAutomationLog, useAutomations, useSaveAutomation } from "@/lib/browser/queries/automations";
import { useWinBackOffers } from "@/lib/browser/queries/automation-offers";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { labelColumns } from "@/components/ui/stack-table";
import { usePageInRange } from "../use-page";
import "./automations.css";

/** One automation: on/off, its N days (win-back), title and text with placeholders. */
function AutomationForm({ automation }: { automation: Automation }) {
  const save = useSaveAutomation();
  const headingId = useId();
  const t = useTranslations("dashboardMore.automations");
  const title = t(`kind.${automation.kind}.title`);
  const form = useContractForm(
    automationSaveBody,
    {
      business_id: String(automation.business_id),
      kind: automation.kind,
      enabled: automation.enabled ? "true" : "false",
      days: automation.days === null ? "" : String(automation.days),
      title: automation.title,
      message: automation.message,
      offer_id: automation.offer_id === null ? "" : String(automation.offer_id),
      send_message: automation.send_message ? "true" : "false",
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
          <h2 id={headingId}>{title}</h2>
          <SelectField
            label={t("status")}
            placeholder={t("choose")}
            options={[
              { value: "true", label: t("on") },
              { value: "false", label: t("off") },
            ]}
            {...enabled}
          />
        </div>
        <p className="muted small">{t(`kind.${automation.kind}.when`, { days: EXPIRY_NOTICE_DAYS })}</p>
        {automation.kind === "win_back" && (
          <>
            <TextField label={t("days")} type="number" min={1} max={3650} {...form.field("days")} />
            <WinBackOffer businessId={String(automation.business_id)} field={form.field("offer_id")} />
            <SelectField
              label={t("sendMessage")}
              placeholder={t("choose")}
              options={[
                { value: "true", label: t("withMessage") },
                { value: "false", label: t("voucherOnly") },
              ]}
              {...form.field("send_message")}
            />
          </>
        )}
        <TextField label={t("titleField")} maxLength={MESSAGE_TITLE_MAX} {...form.field("title")} />
        <TextField label={t("message")} maxLength={MESSAGE_TEXT_MAX} {...form.field("message")} />
        <FormActions submit={t(`kind.${automation.kind}.save`)} busy={form.busy} />
      </form>
    </section>
  );
}

/** The win-back's voucher: one of the business's active win-back offers, or none. */
function WinBackOffer({
  businessId,
  field,
}: {
  businessId: string;
  field: ReturnType<ReturnType<typeof useContractForm<typeof automationSaveBody>>["field"]>;
}) {
  const offers = useWinBackOffers(businessId);
  const t = useTranslations("dashboardMore.automations");
  return (
    <SelectField
      label={t("offer")}
      placeholder={t("noOffer")}
      hint={t("offerHint")}
      options={(offers.data ?? []).map((offer) => ({ value: String(offer.id), label: offer.title }))}
      {...field}
    />
  );
}

function AutomationLog() {
  const [page, setPage] = useState(1);
  const log = useAutomationLog(page);
  usePageInRange(log.data, setPage);
  const t = useTranslations("dashboardMore.automations");
  const format = useFormatter();
  return (
    <section className="card" aria-labelledby="automation-log-title">
      <h2 id="automation-log-title">{t("log")}</h2>
      {log.isPending ? (
        <Skeleton label={t("loadingLog")} height="2.5rem" />
      ) : log.isError ? (
        <ErrorState what={t("whatLog")} error={log.error} onRetry={() => log.refetch()} />
      ) : log.data.total === 0 ? (
        <EmptyState title={t("logEmptyTitle")}>{t("logEmptyText")}</EmptyState>
      ) : (
        <>
          <div className="table-scroll">
            <table className="scan-table stack-table" ref={labelColumns}>
              <caption className="visually-hidden">{t("logCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("col.sent")}</th>
                  <th scope="col">{t("col.automation")}</th>
                  <th scope="col">{t("col.customer")}</th>
                  <th scope="col">{t("col.message")}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.sent_at}>{format.dateTime(new Date(entry.sent_at), "dayTime")}</time>
                    </td>
                    <td>{t(`kind.${entry.kind}.title`)}</td>
                    <td>{entry.customer_name ?? t("deletedCustomer")}</td>
                    <td>{entry.title}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination data={log.data} onPage={setPage} label={t("logLabel")} />
        </>
      )}
    </section>
  );
}

/**
 * Automations: per business, four messages that send themselves, once per customer per
 * period. Placeholders: {name}, {business}, {stamps_left}.
 */
export function AutomationsSection() {
  const businesses = useBusinessOptions();
  const [chosen, setBusinessId] = useState("");
  // Until the owner picks one, the first business.
  const businessId = chosen || (businesses.data?.[0] ? String(businesses.data[0].id) : "");
  const list = useAutomations(businessId);
  const t = useTranslations("dashboardMore.automations");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <p className="muted">{t("intro", { name: "{name}", business: "{business}", stamps_left: "{stamps_left}" })}</p>
      <div className="automation-business">
        <SelectField
          label={t("business")}
          name="business"
          placeholder={businesses.isPending ? t("loadingBusinesses") : t("chooseBusiness")}
          options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
          value={businessId}
          onChange={(event) => setBusinessId(event.target.value)}
        />
      </div>
      {businessId &&
        (list.isPending ? (
          <Skeleton label={t("loading")} />
        ) : list.isError ? (
          <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
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
