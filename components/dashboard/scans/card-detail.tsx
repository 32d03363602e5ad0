"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import toast from "react-hot-toast";
import { DataTable } from "@/components/ui/data-table";
import { FormActions } from "@/components/ui/form-actions";
import { Pagination } from "@/components/ui/pagination";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { cardAdjustBody, type CardEvent, type CardSummary } from "@/contract/cards";
import { useAdjustCard, useCardHistory } from "@/lib/browser/queries/loyalty";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { useActorText } from "../actor-text";
import { webKind } from "@/components/kinds";

type T = ReturnType<typeof useTranslations<"scanner.card">>;

/**
 * A history entry's change: stamps as before ("+1 → 3"); points and cashback in their own terms
 * ("+12 points → 52 points", "−€4.60 → €0.00 to spend"), with the purchase it earned on.
 */
function changeText(e: CardEvent, t: T): string {
  if (e.kind === "flag") return "—";
  const change = webKind(e.unit).changeText(e);
  return e.amount ? t("changeOnPurchase", { change, amount: e.amount }) : change;
}

/** card-adjust: a correction counts in the card's unit (stamps, points, or cashback in cents), with the reason the history keeps. */
const ADJUST_UNITS = ["stamps", "points", "cashback"] as const satisfies readonly CardSummary["kind"][];

function AdjustForm({ serial, kind }: { serial: string; kind: CardSummary["kind"] }) {
  const t = useTranslations("scanner.card");
  const unit = ADJUST_UNITS.find((u) => u === kind) ?? "stamps";
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
    <form className="form card-adjust" {...form.formProps} aria-label={t("adjustTitle")}>
      <div className="form-row">
        <TextField
          label={t(`adjust.${unit}.label`)}
          type="number"
          inputMode="numeric"
          hint={t(`adjust.${unit}.hint`)}
          required
          {...form.field("delta")}
        />
        <TextField label={t("reason")} hint={t("reasonHint")} maxLength={200} required {...form.field("reason")} />
      </div>
      <FormActions submit={t("save")} busy={form.busy} />
    </form>
  );
}

/**
 * A card's detail: its figures, the fraud flag with its reason, the corrections
 * form (the server says 403 to staff unless the owner allows them) and the history.
 */
export function CardDetail({ serial, onClose }: { serial: string; onClose: () => void }) {
  const t = useTranslations("scanner.card");
  const actorText = useActorText();
  const format = useFormatter();
  const [page, setPage] = useState(1);
  const history = useCardHistory(serial, page);
  const kt = useTranslations(webKind(history.data?.card.kind).ns);
  if (history.isPending) return <Skeleton label={t("loading")} rows={1} height="10rem" />;
  if (history.isError) return <ErrorState what={t("what")} error={history.error} onRetry={() => history.refetch()} />;
  const { card, items } = history.data;
  return (
    <section className="card card-detail" aria-labelledby="card-detail-title">
      <PanelHeader id="card-detail-title" title={`${card.customer_name} · ${card.serial}`} onClose={onClose} />
      <p className="small muted">
        {card.customer_email} · {card.business_name}
      </p>
      {card.flag_reason && (
        <p className="card-flag" role="note">
          <span className="badge badge-warning">{t("kinds.flag")}</span> {card.flag_reason}
          {card.flagged_at && <> ({format.dateTime(new Date(card.flagged_at), "dayTime")})</>}
        </p>
      )}
      <dl className="details card-figures">
        <dt>{kt("balanceHead")}</dt>
        <dd>
          {webKind(card.kind).cardBalance(card, (stamps, required) => t("stampsOf", { stamps, required }))}
          {card.reward_title && ` ${t("forReward", { reward: card.reward_title })}`}
        </dd>
        <dt>{t("lifetime")}</dt>
        <dd>{card.lifetime_stamps}</dd>
        <dt>{t("redeemed")}</dt>
        <dd>{card.rewards_redeemed}</dd>
      </dl>
      <AdjustForm serial={card.serial} kind={card.kind ?? "stamps"} />
      <h3>{t("history")}</h3>
      <DataTable
        className="scan-table card-history stack-table"
        caption={t("caption")}
        rows={items}
        rowKey={(e) => e.id}
        columns={[
          {
            key: "time",
            header: t("columns.time"),
            cell: (e) => <time dateTime={e.created_at}>{format.dateTime(new Date(e.created_at), "dayTime")}</time>,
          },
          {
            key: "what",
            header: t("columns.what"),
            cell: (e) => (
              <span className={`badge ${e.kind === "flag" ? "badge-warning" : `scan-${e.kind}`}`}>
                {t(`kinds.${e.kind}`)}
              </span>
            ),
          },
          { key: "change", header: t("columns.change"), cell: (e) => changeText(e, t) },
          {
            key: "by",
            header: t("columns.by"),
            cell: (e) => actorText(e.actor, e.qr_label),
          },
          { key: "reason", header: t("columns.reason"), cell: (e) => e.reason ?? "" },
        ]}
      />
      <Pagination data={history.data} onPage={setPage} label={t("history")} />
    </section>
  );
}
