import { useId, type ReactNode } from "react";

/** What a field's control needs so that its label, hint and error are tied to it. */
export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type Props = {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  /** Renders the control (input, select, …) with the ids the label and messages point at. */
  children: (control: ControlProps) => ReactNode;
};

/**
 * The one wrapper of every form field: the label, the hint and the error, wired to the control for
 * screen readers, so that each kind of field only says what its control is.
 */
export function Field({ label, error, hint, id, children }: Props) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
