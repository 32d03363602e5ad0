"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { moneyShort } from "@/components/dashboard/rewards/money-short";
import type { RedeemProps } from "../types";

/** Money off, up to the card's cashback. */
export function RedeemMoney({ result, busy, onRedeem, errorId }: RedeemProps) {
  const t = useTranslations("scanner.result");
  const format = useFormatter();
  const [amount, setAmount] = useState("");
  const id = `redeem-${result.serial}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRedeem({ amount: amount.trim() });
    setAmount("");
  };
  return (
    <form className="redeem-amount" onSubmit={submit} noValidate>
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
            aria-describedby={`${id}-amount-hint${errorId ? ` ${errorId}` : ""}`}
            aria-invalid={errorId ? true : undefined}
          />
          <Button type="submit" variant="secondary" busy={busy}>
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
  );
}
