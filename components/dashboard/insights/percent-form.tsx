"use client";

import { useId, useState } from "react";
import toast from "react-hot-toast";
import { ApiError, errorMessage } from "@/lib/browser/api-client";
import { Button } from "@/components/ui/button";

/**
 * One whole-percent setting of a business, saved on its own (the control group, the staff alert
 * threshold): the field, its explanation, the server's sentence for the field when it refuses it
 * (else its general message), and a toast when saved.
 */
export function PercentForm({
  initial,
  min,
  max,
  label,
  explain,
  submit,
  busy,
  save,
}: {
  initial: string;
  min: number;
  max: number;
  label: string;
  explain: string;
  submit: string;
  busy: boolean;
  /** Saves the typed value; answers the server's message. */
  save: (percent: string) => Promise<{ message: string }>;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState("");
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <form
      className="form insights-control"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setError("");
        try {
          toast.success((await save(value)).message);
        } catch (failure) {
          setError((failure instanceof ApiError && failure.errors.percent?.[0]) || errorMessage(failure));
        }
      }}
    >
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <p id={hintId} className="muted small">
          {explain}
        </p>
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </form>
  );
}
