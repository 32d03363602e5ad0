/** A whole-number input's attributes. */
export const numeric = { type: "number", inputMode: "numeric" } as const;
