"use client";

import { useId, useImperativeHandle, useState, type Ref } from "react";
import { sandboxTokenFor } from "@/lib/contract/test-cards";
import type { CardTokenizer } from "./card-form";

/**
 * The sandbox's own card form (no Stripe keys): Stripe's test card numbers, turned into Stripe's
 * test PaymentMethod ids here, so the number never leaves the browser.
 */
export function SandboxCardForm({ ref, disabled }: { ref: Ref<CardTokenizer>; disabled: boolean }) {
  const id = useId();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const digits = number.replace(/[\s-]/g, "");
      let message: string | null = null;
      if (!/^\d{13,19}$/.test(digits)) message = "Your card number is incomplete.";
      else if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(expiry.trim()))
        message = "Your card's expiration date is incomplete.";
      else if (!/^\d{3,4}$/.test(cvc.trim())) message = "Your card's security code is incomplete.";
      setError(message);
      return message ? { error: message } : { token: sandboxTokenFor(digits) };
    },
    async completeAction() {
      return "This card needs 3-D Secure, which the test mode does not simulate.";
    },
  }));

  return (
    <fieldset className="card-fields" disabled={disabled}>
      <legend>Card details</legend>
      <div className="test-mode-banner" role="note">
        <strong>Test mode</strong>: no money moves. Use 4242 4242 4242 4242 with any future date and any CVC. 4000 0000
        0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.
      </div>
      <div className="field">
        <label htmlFor={`${id}-number`}>Card number</label>
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
          <label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</label>
          <input
            id={`${id}-expiry`}
            autoComplete="cc-exp"
            placeholder="12/34"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>CVC</label>
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
