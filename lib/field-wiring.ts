/** The attributes that tie a form control to its hint and error, so a screen reader reads them with it. */
export type FieldWiring = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** The ids of a field's hint and error (present only when there is one) and the control's attributes. */
export function fieldWiring(id: string, { hint, error }: { hint?: boolean; error?: boolean }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldWiring = {
    id,
    "aria-invalid": error ? true : undefined,
    // Hint first, then error: the order a screen reader announces them in.
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
  return { hintId, errorId, control };
}
