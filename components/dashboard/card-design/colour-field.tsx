"use client";

import { useId, type ChangeEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { safeColour } from "./card-preview";

type Props = {
  label: string;
  pickerLabel: string;
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A colour picker and its hex text field, both labelled, one value. */
export function ColourField({ label, pickerLabel, name, value, error, onChange }: Props) {
  const pickerId = useId();
  return (
    <div className="cd-colour">
      <div>
        <label htmlFor={pickerId} className="visually-hidden">
          {pickerLabel}
        </label>
        <input id={pickerId} type="color" value={safeColour(value, "#000000").toLowerCase()} onChange={onChange} />
      </div>
      <TextField
        label={label}
        name={name}
        value={value}
        error={error}
        onChange={onChange}
        spellCheck={false}
        maxLength={7}
        // A code reads left to right in every language (an Arabic page would show "ffffff#").
        dir="ltr"
      />
    </div>
  );
}
