import type { SelectHTMLAttributes } from "react";
import { Field } from "./field";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> & {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice ("Choose a country"). */
  placeholder: string;
  error?: string;
  hint?: string;
};

/**
 * A labelled select whose error and hint are tied to it for screen readers. A value its options do
 * not hold (they are still loading, or the value left the list) stays a choice of its own, so the
 * form never loses it.
 */
export function SelectField({ label, options, placeholder, error, hint, id, ...select }: Props) {
  const value = typeof select.value === "string" ? select.value : "";
  const choices = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Field
      label={label}
      id={id}
      hint={hint}
      error={error}
      control={(wiring) => (
        <select {...wiring} {...select}>
          <option value="">{placeholder}</option>
          {choices.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
