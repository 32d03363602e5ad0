// The kinds' limits and number texts that the browser's kind faces (components/kinds) use, without
// zod: importing them from the kinds' contract modules would bring zod and every kind's schemas
// into each dashboard section. common.ts and cashback.ts re-export them.

/** The largest referral bonus of a kind that counts whole units (stamps, points). */
export const MAX_REFERRAL_BONUS = 1_000;

/** A referral bonus of a kind that counts whole units: a whole number from 0 to MAX_REFERRAL_BONUS. */
export const wholeBonusProblem = (value: string, label: string) =>
  !/^\d+$/.test(value) || Number(value) > MAX_REFERRAL_BONUS
    ? `The ${label} must be a whole number from 0 to ${MAX_REFERRAL_BONUS}.`
    : null;

/** Basis points as the contract's percent string: 250 → "2.5". */
export const percentText = (basisPoints: number) => String(basisPoints / 100);
