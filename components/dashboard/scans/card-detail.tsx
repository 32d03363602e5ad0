"use client";

import { useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { Pagination } from "@/components/ui/pagination";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { cardAdjustBody, type CardEvent, type CardEventKind, type CardSummary } from "@/lib/contract/cards";
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

/**
 * A history entry's change: stamps as before ("+1 → 3"); points and cashback in their own terms
 * ("+12 points → 52 points", "−€4.60 → €0.00 to spend"), with the purchase it earned on.
 */
function changeText(e: CardEvent): string {
  if (e.kind === "flag") return "—";
  if (!e.unit || e.unit === "stamps") return `${e.delta > 0 ? "+" : ""}${e.delta} → ${e.stamps_after}`;
  return `${e.delta_text} → ${e.balance_text}${e.amount ? ` (purchase ${e.amount})` : ""}`;
}

/** card-adjust: stamps to add (+) or remove (-) with the reason the history keeps. */
/** A correction counts in the card's unit: stamps, points, or cashback in the currency's cents. */
const ADJUST_TEXT: Record<CardSummary["kind"], { label: string; hint: string }> = {
  stamps: { label: "Stamps to add or remove", hint: "E.g. 2 to add two, -1 to remove one. A card never goes below 0." },
  points: {
    label: "Points to add or remove",
    hint: "E.g. 20 to add twenty, -5 to remove five. A card never goes below 0.",
  },
  cashback: {
    label: "Cashback to add or remove, in cents (the smallest unit)",
    hint: "E.g. 50 adds 0.50, -100 removes 1.00. A card never goes below 0.",
  },
};

function AdjustForm({ serial, kind }: { serial: string; kind: CardSummary["kind"] }) {
  const text = ADJUST_TEXT[kind] ?? ADJUST_TEXT.stamps;
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
          label={text.label}
          type="number"
          inputMode="numeric"
          hint={text.hint}
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
        {card.kind && card.kind !== "stamps" ? (
          <>
            <dt>Balance</dt>
            <dd>
              {card.balance_text}
              {card.reward_title && ` (${card.reward_title})`}
            </dd>
          </>
        ) : (
          <>
            <dt>Stamps</dt>
            <dd>
              {card.stamps}
              {card.stamps_required !== null && ` of ${card.stamps_required}`}
              {card.reward_title && ` for ${card.reward_title}`}
            </dd>
          </>
        )}
        <dt>Collected in all</dt>
        <dd>{card.lifetime_stamps}</dd>
        <dt>Rewards redeemed</dt>
        <dd>{card.rewards_redeemed}</dd>
      </dl>
      <AdjustForm serial={card.serial} kind={card.kind ?? "stamps"} />
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
                <td>{changeText(e)}</td>
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
