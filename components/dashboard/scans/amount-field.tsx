"use client";

import type { ReactNode } from "react";
import { fieldWiring } from "@/lib/field-wiring";

/**
 * A purchase amount typed at the counter (the scanner's, a voucher's, a split's line): a decimal
 * keypad on phones, no autofill, its hint and error tied to it for screen readers. Disabled until
 * the page's scripts run, so nothing typed before is lost.
 */
export function AmountField({
  id,
  name,
  label,
  hint,
  error,
  value,
  onChange,
  disabled,
  form,
  placeholder,
  className = "field",
}: {
  id: string;
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The form it belongs to, when it stands outside it. */
  form?: string;
  placeholder?: string;
  className?: string;
}) {
  const { hintId, errorId, control } = fieldWiring(id, { hint: Boolean(hint), error: Boolean(error) });
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        {...control}
        name={name}
        form={form}
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
