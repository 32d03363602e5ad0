"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/browser/api-client";
import type { Voucher } from "@/contract/offers";
import { useRedeemVoucher } from "@/lib/browser/queries/offers";
import { useHydrated } from "@/lib/browser/use-hydrated";
import { AmountField } from "./amount-field";
import { useVoucherFailure } from "./voucher-refusal";

export type VoucherOutcome = { ok: true; message: string; voucher: Voucher } | { ok: false; message: string };

/**
 * "Redeem a voucher": its code typed (or read by a scanner gun), with the purchase amount a
 * voucher with a minimum purchase needs; the answer goes to the scanner's last-scan box.
 */
export function VoucherRedeemForm({ onOutcome }: { onOutcome: (outcome: VoucherOutcome) => void }) {
  const t = useTranslations("offers.scanner");
  const redeem = useRedeemVoucher();
  const failure = useVoucherFailure();
  const hydrated = useHydrated();
  const [code, setCode] = useState("");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || redeem.isPending) return;
    setAmountError(null);
    try {
      const res = await redeem.mutateAsync({ code, ...(amount.trim() && { amount: amount.trim() }) });
      onOutcome({ ok: true, message: res.message, voucher: res.data });
      setCode("");
      setAmount("");
    } catch (error) {
      const message = failure(error);
      if (error instanceof ApiError && error.errors.amount) setAmountError(error.errors.amount[0] ?? message);
      onOutcome({ ok: false, message });
    }
  };
  return (
    <form className="form voucher-redeem" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="voucher-title">
      <h3 id="voucher-title">{t("redeemTitle")}</h3>
      <div className="form-row">
        <div className="field">
          <label htmlFor="voucher-code">{t("code")}</label>
          <input
            id="voucher-code"
            name="voucher_code"
            disabled={!hydrated}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="V-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <AmountField
          id="voucher-amount"
          name="voucher_amount"
          label={t("amount")}
          hint={t("amountHint")}
          error={amountError}
          disabled={!hydrated}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setAmountError(null);
          }}
        />
      </div>
      <Button type="submit" variant="secondary" busy={redeem.isPending} disabled={!hydrated}>
        {t("redeem")}
      </Button>
    </form>
  );
}
