"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { Pagination } from "@/components/ui/pagination";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { cardAdjustBody, type CardEventKind } from "@/lib/contract/cards";
import { useAdjustCard, useCardHistory } from "@/lib/queries/loyalty";
import { useContractForm } from "@/lib/use-contract-form";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const KIND: Record<CardEventKind, string> = {
  join: "Joined",
  stamp: "Stamp",
  redeem: "Redeemed",
  adjust: "Correction",
  flag: "Flagged",
  expire: "Expired",
  referral: "Referral bonus",
};

/** card-adjust: stamps to add (+) or remove (-) with the reason the history keeps. */
function AdjustForm({ serial }: { serial: string }) {
  const adjust = useAdjustCard();
  const form = useContractForm(
    cardAdjustBody,
    { serial, delta: "", reason: "" },
    async (values) => {
      const result = await adjust.mutateAsync(values);
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  return (
    <form className="form card-adjust" {...form.formProps} aria-label="Correct the stamps">
      <div className="form-row">
        <TextField
          label="Stamps to add or remove"
          type="number"
          inputMode="numeric"
          hint="E.g. 2 to add two, -1 to remove one. A card never goes below 0."
          required
          {...form.field("delta")}
        />
        <TextField
          label="Reason"
          hint="Kept in the card's history (up to 200 characters)."
          maxLength={200}
          required
          {...form.field("reason")}
        />
      </div>
      <FormActions submit="Save correction" busy={form.busy} />
    </form>
  );
}

/**
 * A card's detail (issue 15 §4–5): its figures, the fraud flag with its reason, the corrections
 * form (the server says 403 to staff unless the owner allows them) and the history.
 */
export function CardDetail({ serial, onClose }: { serial: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useCardHistory(serial, page);
  if (history.isPending) return <Skeleton label="Loading the card…" rows={1} height="10rem" />;
  if (history.isError) return <ErrorState what="the card" error={history.error} onRetry={() => history.refetch()} />;
  const { card, items } = history.data;
  return (
    <section className="card card-detail" aria-labelledby="card-detail-title">
      <PanelHeader id="card-detail-title" title={`${card.customer_name} · ${card.serial}`} onClose={onClose} />
      <p className="small muted">
        {card.customer_email} · {card.business_name}
      </p>
      {card.flag_reason && (
        <p className="card-flag" role="note">
          <span className="badge badge-warning">Flagged</span> {card.flag_reason}
          {card.flagged_at && <> ({when.format(new Date(card.flagged_at))})</>}
        </p>
      )}
      <dl className="details card-figures">
        <dt>Stamps</dt>
        <dd>
          {card.stamps}
          {card.stamps_required !== null && ` of ${card.stamps_required}`}
          {card.reward_title && ` for ${card.reward_title}`}
        </dd>
        <dt>Collected in all</dt>
        <dd>{card.lifetime_stamps}</dd>
        <dt>Rewards redeemed</dt>
        <dd>{card.rewards_redeemed}</dd>
      </dl>
      <AdjustForm serial={card.serial} />
      <h3>History</h3>
      <div className="table-scroll">
        <table className="scan-table card-history">
          <caption className="visually-hidden">The card&apos;s history, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">What</th>
              <th scope="col">Change</th>
              <th scope="col">By</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.created_at}>{when.format(new Date(e.created_at))}</time>
                </td>
                <td>
                  <span className={`badge ${e.kind === "flag" ? "badge-warning" : `scan-${e.kind}`}`}>
                    {KIND[e.kind]}
                  </span>
                </td>
                <td>{e.kind === "flag" ? "—" : `${e.delta > 0 ? "+" : ""}${e.delta} → ${e.stamps_after}`}</td>
                <td>{e.actor_name ?? (e.qr_label ? `Self-scan (${e.qr_label})` : "Customer")}</td>
                <td>{e.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination data={history.data} onPage={setPage} label="History" />
    </section>
  );
}
