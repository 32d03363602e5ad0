"use client";

import Link from "next/link";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import type { PaymentRecord } from "@/lib/contract/payments";
import { formatMoney, useActivePlan, usePayments } from "@/lib/queries/payments";
import { labelColumns } from "../stack-table";

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
const date = (iso: string | null) => (iso ? day.format(new Date(iso)) : "—");

const ITEM: Record<PaymentRecord["mode"], (p: PaymentRecord) => string> = {
  newUser: (p) => `${p.plan.name} plan`,
  businessPayment: () => "Extra business",
  addressPayment: () => "Extra address",
};
const STATUS: Record<PaymentRecord["status"], [string, string]> = {
  succeeded: ["Paid", "badge-success"],
  failed: ["Failed", "badge-warning"],
  pending: ["Processing", "badge-info"],
  requires_action: ["Awaiting confirmation", "badge-info"],
};

/** /dashboard/plans: the active plan, its end date, the payments with receipts, renew / change. */
export function PlansSection() {
  const active = useActivePlan();
  const payments = usePayments();
  return (
    <>
      <h1 className="page-title">Subscription plan</h1>
      <section className="card" aria-labelledby="active-plan-heading">
        <h2 id="active-plan-heading">Your plan</h2>
        {active.isPending && <Skeleton rows={1} label="Loading your plan…" />}
        {active.isError && <ErrorState what="your plan" error={active.error} onRetry={() => active.refetch()} />}
        {active.data === null && (
          <p>
            <span className="badge badge-warning">No active plan</span> Choose a plan to keep adding businesses and
            addresses.
          </p>
        )}
        {active.data && (
          <dl className="details">
            <dt>Plan</dt>
            <dd>
              {active.data.plan.name} <span className="badge badge-success">Active</span>
            </dd>
            <dt>Price</dt>
            <dd>
              {formatMoney(active.data.amount, active.data.currency)} per {active.data.plan.interval}
            </dd>
            <dt>Renews or ends</dt>
            <dd>{date(active.data.period_end)}</dd>
            <dt>Includes</dt>
            <dd>
              {active.data.included_businesses} businesses, {active.data.included_addresses} addresses
            </dd>
          </dl>
        )}
        <div className="form-actions">
          {active.data && (
            <Link href={`/payment?mode=newUser&plan=${active.data.plan.id}`} className="btn btn-primary">
              Renew
            </Link>
          )}
          <Link href="/subscription" className="btn btn-secondary">
            {active.data ? "Change plan" : "Choose a plan"}
          </Link>
        </div>
      </section>
      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading">Payment history</h2>
        {payments.isPending && <Skeleton rows={3} height="2rem" label="Loading your payments…" />}
        {payments.isError && (
          <ErrorState what="your payments" error={payments.error} onRetry={() => payments.refetch()} />
        )}
        {payments.data?.length === 0 && <p className="muted">No payments yet.</p>}
        {payments.data && payments.data.length > 0 && (
          <div className="table-wrap">
            <table className="table stack-table" ref={labelColumns}>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Item</th>
                  <th scope="col">Period</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Receipt</th>
                </tr>
              </thead>
              <tbody>
                {payments.data.map((p) => {
                  const [label, badge] = STATUS[p.status];
                  return (
                    <tr key={p.id}>
                      <td>{date(p.created_at)}</td>
                      <td>
                        {ITEM[p.mode](p)}
                        {p.coupon && <span className="muted"> · coupon {p.coupon}</span>}
                      </td>
                      <td>{p.period_start ? `${date(p.period_start)} – ${date(p.period_end)}` : "—"}</td>
                      <td>{formatMoney(p.amount, p.currency)}</td>
                      <td>
                        <span className={`badge ${badge}`}>{label}</span>
                        {p.failure_message && <span className="muted"> {p.failure_message}</span>}
                      </td>
                      <td>
                        {p.status === "succeeded" ? (
                          <a href={`/api/payment-receipt/${p.id}`} download aria-label={`Download receipt ${p.id}`}>
                            Download
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
