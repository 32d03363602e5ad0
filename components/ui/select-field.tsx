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

/** A labelled select whose error and hint are tied to it for screen readers. */
export function SelectField({ label, options, placeholder, error, hint, id, ...select }: Props) {
  return (
    <Field
      label={label}
      id={id}
      hint={hint}
      error={error}
      control={(wiring) => (
        <select {...wiring} {...select}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
