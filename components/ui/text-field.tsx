import type { InputHTMLAttributes } from "react";
import { Field } from "./field";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose error and hint are tied to it for screen readers; `children` follow them. */
export function TextField({ label, error, hint, id, children, ...input }: Props) {
  return (
    <Field label={label} id={id} hint={hint} error={error} control={(wiring) => <input {...wiring} {...input} />}>
      {children}
    </Field>
  );
}
