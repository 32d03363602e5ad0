import { useId, type ReactNode } from "react";
import { fieldWiring, type FieldWiring } from "@/lib/field-wiring";

type Props = {
  label: string;
  /** The control's id; a generated one otherwise. */
  id?: string;
  hint?: ReactNode;
  error?: string;
  /** Extra classes beside "field" (e.g. a picker's layout). */
  className?: string;
  /** The control, given the id and aria attributes that tie it to the label, hint and error. */
  control: (wiring: FieldWiring) => ReactNode;
  /** What follows the messages (e.g. a "remove" button). */
  children?: ReactNode;
};

/**
 * The one wrapper of a form field: label, control, hint and error, wired for screen readers.
 * Every field (text, select, file) goes through it so the wiring is written once.
 */
export function Field({ label, id, hint, error, className, control, children }: Props) {
  const generated = useId();
  const {
    hintId,
    errorId,
    control: wiring,
  } = fieldWiring(id ?? generated, { hint: Boolean(hint), error: Boolean(error) });
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={wiring.id}>{label}</label>
      {control(wiring)}
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
      {children}
    </div>
  );
}
