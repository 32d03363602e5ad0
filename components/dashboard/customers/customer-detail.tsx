"use client";

import { useEffect, useId, useRef } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { showModal, trapTab } from "@/components/ui/modal";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { calls } from "@/lib/contract/calls";
import { SEGMENT_LABELS, type CustomerDetail, type Segment } from "@/lib/contract/customers";
import { useCustomer, useDeleteCustomer } from "@/lib/queries/customers";
import { useProfile } from "@/lib/queries/user";
import { Flags, stampsOf } from "./flags";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const KIND_LABEL = { join: "Joined", stamp: "Stamp", redeem: "Redeemed" } as const;

function Body({ customer, onDeleted }: { customer: CustomerDetail; onDeleted: () => void }) {
  const owner = useProfile().data?.role === "owner";
  const remove = useDeleteCustomer();
  const c = customer;
  return (
    <>
      <dl className="customer-facts">
        <div>
          <dt>Email</dt>
          <dd>{c.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{c.phone ?? "—"}</dd>
        </div>
        <div>
          <dt>Birthday</dt>
          <dd>{c.birthday ?? "—"}</dd>
        </div>
        <div>
          <dt>Business</dt>
          <dd>{c.business_name}</dd>
        </div>
        <div>
          <dt>Card</dt>
          <dd className="mono">{c.serial}</dd>
        </div>
        <div>
          <dt>Stamps</dt>
          <dd>
            {stampsOf(c)}
            {c.reward_title ? ` toward ${c.reward_title}` : ""}
          </dd>
        </div>
        <div>
          <dt>Rewards redeemed</dt>
          <dd>{c.rewards_redeemed}</dd>
        </div>
        <div>
          <dt>Stamps in all</dt>
          <dd>{c.lifetime_stamps}</dd>
        </div>
        <div>
          <dt>First visit</dt>
          <dd>{when.format(new Date(c.first_visit_at))}</dd>
        </div>
        <div>
          <dt>Last visit</dt>
          <dd>{when.format(new Date(c.last_visit_at))}</dd>
        </div>
      </dl>
      <Flags flags={c.flags} />

      <h3>History</h3>
      {c.history.length === 0 ? (
        <p className="muted">No visits recorded.</p>
      ) : (
        <div className="table-scroll customer-history">
          <table className="scan-table">
            <caption className="visually-hidden">Visits of {c.name}, latest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Kind</th>
                <th scope="col">By</th>
                <th scope="col">Balance after</th>
              </tr>
            </thead>
            <tbody>
              {c.history.map((h, i) => (
                <tr key={`${h.created_at}-${i}`}>
                  <td>
                    <time dateTime={h.created_at}>{when.format(new Date(h.created_at))}</time>
                  </td>
                  <td>
                    <span className={`badge scan-${h.kind}`}>{KIND_LABEL[h.kind]}</span>
                  </td>
                  <td>{h.staff_name ?? (h.location ? `Self-scan, ${h.location}` : "Self-scan")}</td>
                  <td>
                    {h.balance_after_text}
                    {h.amount && <span className="small muted block">on {h.amount}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>Messages received</h3>
      {c.messages.length === 0 ? (
        <p className="muted">No messages since this customer joined.</p>
      ) : (
        <ul className="customer-messages">
          {c.messages.map((m) => (
            <li key={m.id}>
              <strong>{m.title}</strong> <span className="small muted">{when.format(new Date(m.created_at))}</span>
              {m.segment !== "all" && (
                <span className="small muted"> · to {SEGMENT_LABELS[m.segment as Segment] ?? m.segment}</span>
              )}
              <p>{m.message}</p>
            </li>
          ))}
        </ul>
      )}

      {owner && (
        <div className="customer-actions">
          <a
            className="btn btn-secondary btn-small"
            href={`/api${calls.customerExport.path}?${new URLSearchParams({ serial: c.serial })}`}
            download
          >
            Export data (JSON)
          </a>
          <ConfirmButton
            action="Delete customer"
            subject={c.name}
            title={`Delete ${c.name}?`}
            confirmLabel="Delete for good"
            onConfirm={async () => {
              const result = await remove.mutateAsync(c.serial);
              onDeleted();
              return result;
            }}
          >
            Their cards at your businesses, history, wallet passes and notification subscriptions are erased now, and
            their card stops working. Past scans stay in your figures without their name. This cannot be undone.
          </ConfirmButton>
        </div>
      )}
    </>
  );
}

/** One customer in a dialog: the card, its history and messages; export and delete for owners. */
export function CustomerDetailDialog({ serial, onClose }: { serial: string | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const customer = useCustomer(serial);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (serial && !element.open) showModal(element);
    if (!serial && element.open) element.close();
  }, [serial]);
  return (
    <dialog
      ref={dialog}
      className="dialog customer-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={trapTab}
    >
      <PanelHeader id={titleId} title={customer.data?.name ?? "Customer"} onClose={() => dialog.current?.close()} />
      {serial &&
        (customer.isPending ? (
          <Skeleton label="Loading the customer…" rows={3} />
        ) : customer.isError ? (
          <ErrorState what="this customer" error={customer.error} onRetry={() => customer.refetch()} />
        ) : (
          <Body customer={customer.data} onDeleted={() => dialog.current?.close()} />
        ))}
    </dialog>
  );
}
