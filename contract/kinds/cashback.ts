import "../zod-setup";
import { z } from "zod";
import { amountField, formatMoney, fromMinor, MAX_AMOUNT_MAJOR } from "../money";
import { blankAsUndefined } from "./common";
import type { SharedKind } from "./types";

/** Cashback: a percent of each amount kept as money, by tiers of lifetime spend; spent as money off. */

export const MAX_TIERS = 10;

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

/** Basis points as the contract's percent string: 250 → "2.5". */
export const percentText = (basisPoints: number) => String(basisPoints / 100);

/** The balance as money in the business's currency (EUR until it has one). */
const money = (balance: number, currency: string | null, locale: string) =>
  formatMoney(balance, currency ?? "EUR", locale);

export const cashback = {
  fields: {
    /** Cashback programmes: the percent of each amount kept (required there), and tiers by lifetime spend. */
    cashback_percent: z.preprocess(blankAsUndefined, percentField("cashback percent").optional()),
    tiers: z
      .array(z.object({ from_amount: amountField, percent: percentField("tier percent") }), {
        error: "The tiers must be a list of {from_amount, percent}.",
      })
      .max(MAX_TIERS, `At most ${MAX_TIERS} tiers.`)
      .optional()
      .default([]),
  },
  checkBody(body: { cashback_percent?: number }, issue) {
    if (body.cashback_percent === undefined) issue("cashback_percent", "The cashback percent field is required.");
  },
  bonusProblem: (value, label) =>
    Number(value) > MAX_AMOUNT_MAJOR
      ? `The ${label} may not be more than ${MAX_AMOUNT_MAJOR.toLocaleString("en")}.`
      : null,
  defaultReferralBonus: 0,
  countsMoney: true,
  needsCurrency: true,
  feature: null,
  sellsVisits: false,
  rewardCost: false,
  hasOptions: false,
  balanceOffer: null,
  levelField: null,
  levelBasis: "spend",
  totalled: false,
  stampsRequired: () => null,
  balanceAmount: (terms, balance, words) => money(balance, terms.currency, words.locale),
  balanceText: (terms, balance, words) => words.toSpend(money(balance, terms.currency, words.locale)),
  ready: () => false,
  unitValue: (value, currency) => (currency ? fromMinor(value, currency) : value),
} satisfies SharedKind;
