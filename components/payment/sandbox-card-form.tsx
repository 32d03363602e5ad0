"use client";

import { useTranslations } from "next-intl";
import { useId, useImperativeHandle, useState, type Ref } from "react";
import { sandboxTokenFor } from "@/contract/test-cards";
import type { CardTokenizer } from "./card-form";

/**
 * The sandbox's own card form (no Stripe keys): Stripe's test card numbers, turned into Stripe's
 * test PaymentMethod ids here, so the number never leaves the browser.
 */
export function SandboxCardForm({ ref, disabled }: { ref: Ref<CardTokenizer>; disabled: boolean }) {
  const id = useId();
  const t = useTranslations("dashboardMore.card");
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const digits = number.replace(/[\s-]/g, "");
      let message: string | null = null;
      if (!/^\d{13,19}$/.test(digits)) message = t("numberIncomplete");
      else if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(expiry.trim())) message = t("expiryIncomplete");
      else if (!/^\d{3,4}$/.test(cvc.trim())) message = t("cvcIncomplete");
      setError(message);
      return message ? { error: message } : { token: sandboxTokenFor(digits) };
    },
    async completeAction() {
      return t("no3ds");
    },
  }));

  return (
    <fieldset className="card-fields" disabled={disabled}>
      <legend>{t("details")}</legend>
      <div className="test-mode-banner" role="note">
        {t.rich("testMode", { strong: (chunks) => <strong>{chunks}</strong> })}
      </div>
      <div className="field">
        <label htmlFor={`${id}-number`}>{t("number")}</label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-expiry`}>{t("expiry")}</label>
          <input
            id={`${id}-expiry`}
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>{t("cvc")}</label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
