"use client";

import { useFormatter, useTranslations } from "next-intl";
import { balanceText } from "@/contract/programme";
import { useProgrammeWords } from "@/components/kinds/use-programme-words";
import { useId, useState } from "react";
import type { ScanResult } from "@/contract/wallet";
import { useRedeemCard } from "@/lib/browser/queries/loyalty";
import { webKind } from "@/components/kinds";
import { kindOf } from "@/contract/kinds";
import { failureText } from "./failure-text";
import { SellVisits } from "./sell-visits";
import { CardVouchers } from "./card-vouchers";

export type Outcome =
  | { ok: true; message: string; result: ScanResult; live: boolean }
  /** `sellTo`: a pass with no visits left, by its serial: the staff may sell visits right here. */
  | { ok: false; message: string; sellTo?: string };

/** A stamp card's balance in the page's language ("7 of 10 stamps"), from scanner.result.stampBalance. */
export type StampBalance = (stamps: number, required: number | null) => string;

/** The scanner's StampBalance, for a component. */
export function useStampBalance(): StampBalance {
  const t = useTranslations("scanner.result");
  return (stamps, required) => t("stampBalance", { counted: required ? "yes" : "no", stamps, required: required ?? 0 });
}

/** A scan kept in local storage before programmes had kinds lacks their fields: it is a stamp card's. */
export function normalised(r: ScanResult, stampBalance: StampBalance): ScanResult {
  return {
    ...r,
    kind: r.kind ?? "stamps",
    balance_text: r.balance_text ?? stampBalance(r.stamps, r.stamps_required),
    options: r.options ?? [],
    cashback_balance: r.cashback_balance ?? null,
    currency: r.currency ?? null,
  };
}

/** The card after a redeem: what the answer says, and what the new balance still affords. */
function afterRedeem(before: ScanResult, answer: Partial<ScanResult>): ScanResult {
  const merged = { ...before, ...answer, action: "redeem" as const };
  const balance = merged.stamps;
  return webKind(before.kind).afterRedeem(
    {
      ...merged,
      options: answer.options ?? before.options.filter((o) => o.points <= balance),
      cashback_balance: answer.cashback_balance !== undefined ? answer.cashback_balance : before.cashback_balance,
    },
    answer,
  );
}

/** Points: the options the balance affords; cashback: money off up to the balance. */
function RedeemArea({ result, onRedeemed }: { result: ScanResult; onRedeemed: (outcome: Outcome) => void }) {
  const t = useTranslations("scanner.result");
  const redeem = useRedeemCard();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const { Redeem } = webKind(result.kind);
  if (!Redeem) return null;
  const send = async (body: { option_id: number } | { amount: string }) => {
    setError(null);
    try {
      const res = await redeem.mutateAsync({ serial: result.serial, ...body });
      onRedeemed({ ok: true, live: true, message: res.message, result: afterRedeem(result, res.data) });
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <section className="redeem-area" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("redeem")}</h3>
      <Redeem
        result={result}
        busy={redeem.isPending}
        pendingOption={typeof redeem.variables?.option_id === "number" ? redeem.variables.option_id : undefined}
        onRedeem={(body) => void send(body)}
        errorId={error ? `${id}-error` : null}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** What the last scan did, the card's balance in its own terms, and for points and cashback, the redeem. */
export function ResultPanel({
  outcome,
  onOpenCard,
  onRedeemed,
}: {
  outcome: Outcome;
  onOpenCard?: (serial: string) => void;
  onRedeemed: (outcome: Outcome) => void;
}) {
  const t = useTranslations("scanner.result");
  const stampBalance = useStampBalance();
  const words = useProgrammeWords();
  const kinds = useTranslations("kinds");
  const format = useFormatter();
  const kt = useTranslations(webKind(outcome.ok ? outcome.result.kind : null).ns);
  if (!outcome.ok) {
    return (
      <div className="scan-result error">
        <p className="scan-result-title" role="alert">
          {outcome.message}
        </p>
        {outcome.sellTo && <SellVisits serial={outcome.sellTo} />}
      </div>
    );
  }
  const answered = normalised(outcome.result, stampBalance);
  const kind = webKind(answered.kind);
  // A scan kept from an earlier visit: its balance as the scan answered it, said again in the
  // page's language (the text it came with may be another's), and when it was.
  const r = outcome.live
    ? answered
    : {
        ...answered,
        balance_text: balanceText(
          {
            kind: answered.kind,
            stampsRequired: answered.stamps_required,
            currency: answered.currency,
          },
          answered.stamps,
          words,
        ),
      };
  return (
    <div className={`scan-result ${r.action}`} data-testid="scan-result">
      <p className="scan-result-title" role="status" data-api-text={outcome.live || undefined}>
        {outcome.live || !r.scanned_at
          ? outcome.message
          : kinds("lastScan", { time: format.dateTime(new Date(r.scanned_at), "dayTime") })}
      </p>
      <dl className="details">
        <dt>{t("customer")}</dt>
        <dd data-user-content>{r.customer_name}</dd>
        <dt>{t("business")}</dt>
        <dd data-user-content>{r.business_name}</dd>
        <dt>{kt("balanceHead")}</dt>
        <dd data-testid="scan-balance" data-api-text={outcome.live || undefined}>
          {r.balance_text}
        </dd>
        <dt>{t("card")}</dt>
        <dd data-user-content translate="no">
          {r.serial}
        </dd>
      </dl>
      {kind.redeemsByScan && r.reward_ready && (
        <p className="badge badge-success">{t("rewardReady", { reward: r.reward_title ?? "" })}</p>
      )}
      {outcome.live && <RedeemArea key={r.serial} result={r} onRedeemed={onRedeemed} />}
      {outcome.live && <CardVouchers key={`vouchers-${r.serial}`} serial={r.serial} currency={r.currency} />}
      {outcome.live && kindOf(r.kind).sellsVisits && (
        <SellVisits
          key={`sell-${r.serial}`}
          serial={r.serial}
          onSold={(card) =>
            onRedeemed({ ...outcome, result: { ...r, stamps: card.stamps, balance_text: card.balance_text } })
          }
        />
      )}
      {onOpenCard && (
        <p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onOpenCard(r.serial)}>
            {t("details")}
          </button>
        </p>
      )}
    </div>
  );
}
