import "../../zod-setup";
import { z } from "zod";
import { amountField } from "../../money";
import { blankAsUndefined } from "../common";
import { MAX_TIERS } from "../cashback";

/** A percent with at most two decimals, 0 < p ≤ 100, as basis points (5 → 500, "2.5" → 250). */
export const percentField = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
    z
      .string({ error: `The ${label} must be a number such as 5 or 2.5.` })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, `The ${label} must be a number with at most two decimals, such as 5 or 2.5.`)
      .transform((value) => Math.round(Number(value) * 100))
      .refine((bp) => bp > 0 && bp <= 10_000, `The ${label} must be more than 0 and at most 100.`),
  );

/** add-reward's fields of a cashback programme. */
export const cashbackFields = {
  /** Cashback programmes: the percent of each amount kept (required there), and tiers by lifetime spend. */
  cashback_percent: z.preprocess(blankAsUndefined, percentField("cashback percent").optional()),
  tiers: z
    .array(z.object({ from_amount: amountField, percent: percentField("tier percent") }), {
      error: "The tiers must be a list of {from_amount, percent}.",
    })
    .max(MAX_TIERS, `At most ${MAX_TIERS} tiers.`)
    .optional()
    .default([]),
} satisfies z.ZodRawShape;
