"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import type { PaymentRecord } from "@/contract/payments";
import { formatMoney, receiptUrl, useActivePlan, usePayments } from "@/lib/browser/queries/payments";
import { labelColumns } from "@/components/ui/stack-table";

/** The badge of each payment status; its label is dashboard.billing.statuses.<status>. */
const STATUS_CLASS: Record<PaymentRecord["status"], string> = {
  succeeded: "badge-success",
  failed: "badge-warning",
  pending: "badge-info",
  requires_action: "badge-info",
};

/** /dashboard/plans: the active plan, its end date, the payments with receipts, renew / change. */
export function PlansSection() {
  const active = useActivePlan();
  const payments = usePayments();
  const t = useTranslations("dashboard.billing");
  const format = useFormatter();
  const date = (iso: string | null) =>
    iso ? <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "medium" })}</time> : "—";
  const item = (p: PaymentRecord) =>
    p.mode === "newUser"
      ? t("itemPlan", { plan: p.plan.name })
      : p.mode === "businessPayment"
        ? t("itemBusiness")
        : t("itemAddress");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <section className="card" aria-labelledby="active-plan-heading">
        <h2 id="active-plan-heading">{t("yourPlan")}</h2>
        {active.isPending && <Skeleton rows={1} label={t("loading")} />}
        {active.isError && <ErrorState what={t("what")} error={active.error} onRetry={() => active.refetch()} />}
        {active.data === null && (
          <p>
            <span className="badge badge-warning">{t("noPlan")}</span> {t("noPlanText")}
          </p>
        )}
        {active.data && (
          <dl className="details">
            <dt>{t("plan")}</dt>
            <dd>
              {active.data.plan.name} <span className="badge badge-success">{t("active")}</span>
            </dd>
            <dt>{t("price")}</dt>
            <dd>
              {t("per", {
                amount: formatMoney(format, active.data.amount, active.data.currency),
                interval: active.data.plan.interval,
              })}
            </dd>
            <dt>{t("ends")}</dt>
            <dd>{date(active.data.period_end)}</dd>
            <dt>{t("includes")}</dt>
            <dd>
              {t("included", {
                businesses: active.data.included_businesses,
                addresses: active.data.included_addresses,
              })}
            </dd>
          </dl>
        )}
        <div className="form-actions">
          {active.data && (
            <Link href={`/payment?mode=newUser&plan=${active.data.plan.id}`} className="btn btn-primary">
              {t("renew")}
            </Link>
          )}
          <Link href="/subscription" className="btn btn-secondary">
            {active.data ? t("change") : t("choose")}
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading">{t("history")}</h2>
        {payments.isPending && <Skeleton rows={3} height="2rem" label={t("loadingPayments")} />}
        {payments.isError && (
          <ErrorState what={t("whatPayments")} error={payments.error} onRetry={() => payments.refetch()} />
        )}
        {payments.data?.length === 0 && <p className="muted">{t("noPayments")}</p>}
        {payments.data && payments.data.length > 0 && (
          <div className="table-wrap">
            <table className="table stack-table" ref={labelColumns}>
              <thead>
                <tr>
                  <th scope="col">{t("date")}</th>
                  <th scope="col">{t("item")}</th>
                  <th scope="col">{t("period")}</th>
                  <th scope="col">{t("amount")}</th>
                  <th scope="col">{t("status")}</th>
                  <th scope="col">{t("receipt")}</th>
                </tr>
              </thead>
              <tbody>
                {payments.data.map((p) => {
                  return (
                    <tr key={p.id}>
                      <td>{date(p.created_at)}</td>
                      <td>
                        {item(p)}
                        {p.coupon && <span className="muted"> · {t("coupon", { code: p.coupon })}</span>}
                      </td>
                      <td>
                        {p.period_start ? (
                          <>
                            {date(p.period_start)} – {date(p.period_end)}
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td>{formatMoney(format, p.amount, p.currency)}</td>
                      <td>
                        <span className={`badge ${STATUS_CLASS[p.status]}`}>{t(`statuses.${p.status}`)}</span>
                        {p.failure_message && <span className="muted"> {p.failure_message}</span>}
                      </td>
                      <td>
                        {p.status === "succeeded" ? (
                          <a href={receiptUrl(p.id)} download aria-label={t("downloadLabel", { id: String(p.id) })}>
                            {t("download")}
                          </a>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
