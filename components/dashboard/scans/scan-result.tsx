"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/browser/api-client";
import { fromMinor } from "@/contract/money";
import type { ScanResult } from "@/contract/wallet";
import { useRedeemCard } from "@/lib/browser/queries/loyalty";
import { moneyShort } from "../rewards/reward-summary";

export type Outcome = { ok: true; message: string; result: ScanResult; live: boolean } | { ok: false; message: string };

/** A failure as the staff should read it: a 422's own field message rather than its generic title. */
export function failureText(error: unknown): string {
  // By its status, not its words: the API says its title in the page's language (issue 25).
  if (error instanceof ApiError && error.status === 422) {
    const first = Object.values(error.errors)[0]?.[0];
    if (first) return first;
  }
  return errorMessage(error);
}

/** A stamp card's balance in the page's language ("7 of 10 stamps"), from scanner.result.stampBalance. */
export type StampBalance = (stamps: number, required: number | null) => string;

/** The scanner's StampBalance, for a component. */
export function useStampBalance(): StampBalance {
  const t = useTranslations("scanner.result");
  return (stamps, required) => t("stampBalance", { counted: required ? "yes" : "no", stamps, required: required ?? 0 });
}

/** A scan kept from before issue 23 (local storage) lacks the programme's fields: a stamp card's. */
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
  return {
    ...merged,
    options: answer.options ?? before.options.filter((o) => o.points <= balance),
    cashback_balance:
      answer.cashback_balance !== undefined
        ? answer.cashback_balance
        : before.kind === "cashback" && before.currency
          ? fromMinor(balance, before.currency)
          : before.cashback_balance,
  };
}

/** Points: the options the balance affords; cashback: money off up to the balance (issue 23 §4). */
function RedeemArea({ result, onRedeemed }: { result: ScanResult; onRedeemed: (outcome: Outcome) => void }) {
  const t = useTranslations("scanner.result");
  const format = useFormatter();
  const redeem = useRedeemCard();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const send = async (body: { option_id: number } | { amount: string }) => {
    setError(null);
    try {
      const res = await redeem.mutateAsync({ serial: result.serial, ...body });
      setAmount("");
      onRedeemed({ ok: true, live: true, message: res.message, result: afterRedeem(result, res.data) });
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const submitAmount = (event: FormEvent) => {
    event.preventDefault();
    void send({ amount: amount.trim() });
  };
  return (
    <section className="redeem-area" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("redeem")}</h3>
      {result.kind === "points" ? (
        result.options.length > 0 ? (
          <ul className="redeem-options">
            {result.options.map((option) => (
              <li key={option.id}>
                <Button
                  type="button"
                  variant="secondary"
                  busy={redeem.isPending && redeem.variables?.option_id === option.id}
                  disabled={redeem.isPending}
                  onClick={() => void send({ option_id: option.id })}
                >
                  {t("option", { title: option.title, points: format.number(option.points) })}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="small muted">{t("notEnough")}</p>
        )
      ) : (
        <form className="redeem-amount" onSubmit={submitAmount} noValidate>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{t("amountOff")}</label>
            <div className="redeem-amount-row">
              <input
                id={`${id}-amount`}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-describedby={`${id}-amount-hint${error ? ` ${id}-error` : ""}`}
                aria-invalid={error ? true : undefined}
              />
              <Button type="submit" variant="secondary" busy={redeem.isPending}>
                {t("redeemCashback")}
              </Button>
            </div>
            <p id={`${id}-amount-hint`} className="field-hint">
              {t("upTo", {
                amount: result.cashback_balance ? moneyShort(format, result.cashback_balance, result.currency) : "0",
              })}
            </p>
          </div>
        </form>
      )}
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
  if (!outcome.ok) {
    return (
      <div className="scan-result error" role="alert">
        <p className="scan-result-title">{outcome.message}</p>
      </div>
    );
  }
  const r = normalised(outcome.result, stampBalance);
  return (
    <div className={`scan-result ${r.action}`} data-testid="scan-result">
      <p className="scan-result-title" role="status">
        {outcome.message}
      </p>
      <dl className="details">
        <dt>{t("customer")}</dt>
        <dd>{r.customer_name}</dd>
        <dt>{t("business")}</dt>
        <dd>{r.business_name}</dd>
        <dt>{r.kind === "stamps" ? t("stamps") : t("balance")}</dt>
        <dd data-testid="scan-balance">{r.balance_text}</dd>
        <dt>{t("card")}</dt>
        <dd>{r.serial}</dd>
      </dl>
      {r.kind === "stamps" && r.reward_ready && (
        <p className="badge badge-success">{t("rewardReady", { reward: r.reward_title ?? "" })}</p>
      )}
      {r.kind !== "stamps" && outcome.live && <RedeemArea key={r.serial} result={r} onRedeemed={onRedeemed} />}
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
