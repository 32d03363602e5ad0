import { z } from "zod";
import { id, optionalId, refId, text } from "./ids";
import { amountField, MAX_AMOUNT_MAJOR } from "./money";
import { pageQuery, paginated } from "./pagination";

/** What a programme collects (issue 23): stamps (the default), points, or cashback (money). */
export const REWARD_KINDS = ["stamps", "points", "cashback"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const MAX_POINTS_PER_VISIT = 10_000;
export const MAX_POINTS_PER_UNIT = 1_000;
export const MAX_OPTION_POINTS = 1_000_000;
export const MAX_EXPIRE_DAYS = 3_650;
export const MAX_REFERRAL_BONUS = 1_000;
export const MAX_TIERS = 10;
/** The referral bonus when the owner sets none: one stamp, or ten points (cashback: none). */
export const DEFAULT_REFERRAL_BONUS: Record<RewardKind, number> = { stamps: 1, points: 10, cashback: 0 };

/**
 * When a referred friend's referral pays: at the join, at the friend's first visit (any earn: a
 * scan, a self-scan, an order), or at the first purchase (an order through a till or the public
 * API, or a staff earn that carries an amount).
 */
export const REFERRAL_TRIGGERS = ["join", "first_visit", "first_purchase"] as const;
export type ReferralTrigger = (typeof REFERRAL_TRIGGERS)[number];

/**
 * A referral bonus as add-reward takes it: whole stamps or points, or (cashback) a decimal amount
 * in the business's currency, whose decimals are checked where the currency is known. Blank or
 * null: not set. A number is read as its decimal text.
 */
const bonusField = (label: string) =>
  z.preprocess(
    (value) =>
      value === "" || value === undefined || value === null
        ? null
        : typeof value === "number" && Number.isFinite(value)
          ? String(value)
          : value,
    z
      .string({ error: `The ${label} must be a number.` })
      .trim()
      .regex(/^\d+(\.\d+)?$/, `The ${label} must be a number such as 2 or 2.50.`)
      .nullable(),
  );

/** A bonus in the programme's unit: whole stamps or points, or (cashback) money's decimal string. */
const bonusAnswer = z.union([z.number().int(), z.string()]);

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

export const MIN_STAMPS = 2;
export const MAX_STAMPS = 50;
export const DEFAULT_COOLDOWN_MINUTES = 240;
/** A week: a longer wait between self-scans would make the card feel broken. */
export const MAX_COOLDOWN_MINUTES = 7 * 24 * 60;
/** Self-scans per card per day (the business's day); 0 = no cap. */
export const DEFAULT_DAILY_CAP = 1;
export const MAX_DAILY_CAP = 50;

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `The ${label} must be a whole number.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

/** add-reward: with `id` it edits that reward (product.md §4 Reward). */
export const addRewardBody = z
  .object({
    id: optionalId,
    business_id: refId("business"),
    title: text("title", 80),
    description: z
      .string()
      .trim()
      .max(500, "The description may not be greater than 500 characters.")
      .optional()
      .default(""),
    kind: z.enum(REWARD_KINDS, { error: "The kind must be stamps, points or cashback." }).optional().default("stamps"),
    /** Stamps programmes only (required there). */
    stamps_required: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      wholeNumber("stamps required", MIN_STAMPS, MAX_STAMPS).optional(),
    ),
    /** Points programmes: per visit and per 1.00 spent (at least one of them above 0). */
    points_per_visit: z.preprocess(
      (value) => (value === "" || value === null || value === undefined ? 0 : value),
      wholeNumber("points per visit", 0, MAX_POINTS_PER_VISIT),
    ),
    points_per_unit: z.preprocess(
      (value) => (value === "" || value === null || value === undefined ? 0 : value),
      wholeNumber("points per unit", 0, MAX_POINTS_PER_UNIT),
    ),
    /** Cashback programmes: the percent of each amount kept (required there), and tiers by lifetime spend. */
    cashback_percent: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      percentField("cashback percent").optional(),
    ),
    tiers: z
      .array(z.object({ from_amount: amountField, percent: percentField("tier percent") }), {
        error: "The tiers must be a list of {from_amount, percent}.",
      })
      .max(MAX_TIERS, `At most ${MAX_TIERS} tiers.`)
      .optional()
      .default([]),
    /** Unspent stamps or points lapse this many days after the last visit; blank or null = never. */
    expire_after_days: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      wholeNumber("days before expiry", 1, MAX_EXPIRE_DAYS).nullable(),
    ),
    /**
     * The referrer's bonus when a referred friend's referral pays (stamps, points, or cashback's
     * decimal amount); blank = the default, 0 = off. The friend's too, unless `referral_friend_bonus`.
     */
    referral_bonus: bonusField("referral bonus"),
    /** The friend's own bonus, in the same unit; blank = the same as the referrer's, 0 = none. */
    referral_friend_bonus: bonusField("friend's bonus"),
    referral_trigger: z.preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z
        .enum(REFERRAL_TRIGGERS, { error: "The referral trigger must be join, first_visit or first_purchase." })
        .optional()
        .default("first_visit"),
    ),
    product_category_id: optionalId,
    cooldown_minutes: z.preprocess(
      (value) => (value === "" || value === undefined ? DEFAULT_COOLDOWN_MINUTES : value),
      wholeNumber("cooldown minutes", 0, MAX_COOLDOWN_MINUTES),
    ),
    daily_cap: z.preprocess(
      (value) => (value === "" || value === undefined ? DEFAULT_DAILY_CAP : value),
      wholeNumber("daily cap", 0, MAX_DAILY_CAP),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "stamps" && body.stamps_required === undefined) {
      ctx.addIssue({ code: "custom", path: ["stamps_required"], message: "The stamps required field is required." });
    }
    if (body.kind === "points" && body.points_per_visit === 0 && body.points_per_unit === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["points_per_unit"],
        message: "Give points per visit, points per 1.00 spent, or both.",
      });
    }
    if (body.kind === "cashback" && body.cashback_percent === undefined) {
      ctx.addIssue({ code: "custom", path: ["cashback_percent"], message: "The cashback percent field is required." });
    }
    for (const [field, label] of [
      ["referral_bonus", "referral bonus"],
      ["referral_friend_bonus", "friend's bonus"],
    ] as const) {
      const value = body[field];
      if (value === null) continue;
      if (body.kind !== "cashback" && (!/^\d+$/.test(value) || Number(value) > MAX_REFERRAL_BONUS)) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `The ${label} must be a whole number from 0 to ${MAX_REFERRAL_BONUS}.`,
        });
      }
      if (body.kind === "cashback" && Number(value) > MAX_AMOUNT_MAJOR) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `The ${label} may not be more than ${MAX_AMOUNT_MAJOR.toLocaleString("en")}.`,
        });
      }
    }
  });
export type AddRewardBody = z.input<typeof addRewardBody>;

/** reward-option-add: what N points of a points programme buy. */
export const rewardOptionAddBody = z.object({
  reward_id: refId("reward"),
  title: text("title", 80),
  points: wholeNumber("points", 1, MAX_OPTION_POINTS),
});
export const rewardOptionListQuery = pageQuery.extend({ reward_id: refId("reward") });
export const rewardOptionIdBody = z.object({ id });

export type RewardOption = { id: number; reward_id: number; title: string; points: number; created_at: string };

export const rewardListQuery = pageQuery.extend({ business_id: optionalId });

export const reward = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(REWARD_KINDS),
  stamps_required: z.number().int(),
  points_per_visit: z.number().int(),
  points_per_unit: z.number().int(),
  /** Percent as a decimal string ("5", "2.5"); null unless cashback. */
  cashback_percent: z.string().nullable(),
  tiers: z.array(z.object({ from_amount: z.string(), percent: z.string() })),
  expire_after_days: z.number().int().nullable(),
  /**
   * The referrer's bonus in force (the default filled in), in the programme's unit: whole stamps
   * or points, or cashback's decimal string in the business's currency.
   */
  referral_bonus: bonusAnswer,
  /** The friend's own bonus; null = the same as the referrer's. */
  referral_friend_bonus: bonusAnswer.nullable(),
  referral_trigger: z.enum(REFERRAL_TRIGGERS),
  /** The business's currency (points and cashback count in it). */
  currency: z.string().nullable(),
  product_category_id: z.number().int().nullable(),
  product_category_name: z.string().nullable(),
  cooldown_minutes: z.number().int(),
  daily_cap: z.number().int(),
  qr_codes_count: z.number().int(),
  created_at: z.string(),
});
export type Reward = z.infer<typeof reward>;

export const rewardIdBody = z.object({ id });

// The answers' `data`.
export const rewardOption = z.object({
  id: z.number().int(),
  reward_id: z.number().int(),
  title: z.string(),
  points: z.number().int(),
  created_at: z.string(),
});
export const rewardOptionListAnswer = paginated(rewardOption);
export const rewardListAnswer = paginated(reward);
