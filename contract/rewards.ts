import "./zod-setup";
import { z } from "zod";
import { id, optionalId, refId, text } from "./ids";
import { pageQuery, paginated } from "./pagination";
import { wholeNumber } from "./kinds/common";
import { DEFAULT_KIND, KIND_NAMES, kindOf, type KindName } from "./kinds";
import { KIND_FIELDS } from "./kinds/fields";
import { checkLevels, LEVEL_BASES, LEVEL_PERIODS, levelFields } from "./kinds/levels";
import { costField } from "./money";

/** What a programme collects: stamps (the default), points, or cashback (money). */
export const REWARD_KINDS = KIND_NAMES;
export type RewardKind = KindName;
/** "stamps, points or cashback". */
const KIND_LIST = `${KIND_NAMES.slice(0, -1).join(", ")} or ${KIND_NAMES.at(-1)}`;

export { MAX_POINTS_PER_VISIT, MAX_POINTS_PER_UNIT } from "./kinds/points";
export { MIN_STAMPS, MAX_STAMPS } from "./kinds/stamps";
export { MAX_TIERS, percentText } from "./kinds/cashback";
export { percentField } from "./kinds/fields/cashback";
export { MAX_REFERRAL_BONUS } from "./kinds/common";
export const MAX_OPTION_POINTS = 1_000_000;
export const MAX_EXPIRE_DAYS = 3_650;
/** The referral bonus when the owner sets none: one stamp, or ten points (cashback: none). */
export const DEFAULT_REFERRAL_BONUS = Object.fromEntries(
  KIND_NAMES.map((kind) => [kind, kindOf(kind).defaultReferralBonus]),
) as Record<RewardKind, number>;

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

export const DEFAULT_COOLDOWN_MINUTES = 240;
/** A week: a longer wait between self-scans would make the card feel broken. */
export const MAX_COOLDOWN_MINUTES = 7 * 24 * 60;
/** Self-scans per card per day (the business's day); 0 = no cap. */
export const DEFAULT_DAILY_CAP = 1;
export const MAX_DAILY_CAP = 50;

/**
 * Unspent stamps or points lapse this many days after the card's last earn; blank or null = never.
 * Turned on or shortened, every card gets a full window from the change.
 */
const expireAfterDays = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  wholeNumber("days before expiry", 1, MAX_EXPIRE_DAYS).nullable(),
);

/** add-reward: a business's programme; with `id` it edits that reward. */
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
    kind: z
      .enum(REWARD_KINDS, { error: `The kind must be ${KIND_LIST}.` })
      .optional()
      .default(DEFAULT_KIND),
    ...KIND_FIELDS,
    ...levelFields,
    expire_after_days: expireAfterDays,
    /**
     * What one reward costs the owner, in the business's currency ("2.50"; blank: not said), for
     * the insights. Kept for a kind whose redeem hands over the reward itself (`rewardCost`):
     * points options and cashback money carry their own cost, so it is dropped for them.
     */
    cost: costField,
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
    const kind = kindOf(body.kind);
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: "custom", path: field.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message });
    kind.checkBody(body, issue);
    checkLevels(body, kind.levelField, kind.levelBasis, issue);
    for (const [field, label] of [
      ["referral_bonus", "referral bonus"],
      ["referral_friend_bonus", "friend's bonus"],
    ] as const) {
      const value = body[field];
      const problem = value === null ? null : kind.bonusProblem(value, label);
      if (problem) ctx.addIssue({ code: "custom", path: [field], message: problem });
    }
  });
export type AddRewardBody = z.input<typeof addRewardBody>;

/** reward-option-add: what N points of a points programme buy. */
export const rewardOptionAddBody = z.object({
  reward_id: refId("reward"),
  title: text("title", 80),
  points: wholeNumber("points", 1, MAX_OPTION_POINTS),
  /** What the option costs the owner, in the business's currency ("2.50"; blank: not said). */
  cost: costField,
});
export const rewardOptionListQuery = pageQuery.extend({ reward_id: refId("reward") });
export const rewardOptionIdBody = z.object({ id });

export type RewardOption = {
  id: number;
  reward_id: number;
  title: string;
  points: number;
  cost: string | null;
  created_at: string;
};

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
  /** Points per 1.00 spent, a decimal string ("1", "0.1"); "0" unless points. */
  points_per_unit: z.string(),
  /** Percent as a decimal string ("5", "2.5"); null unless cashback. */
  cashback_percent: z.string().nullable(),
  /** The visits a prepaid pass includes; null unless multipass. */
  visits_included: z.number().int().nullable(),
  tiers: z.array(z.object({ from_amount: z.string(), percent: z.string() })),
  /** Points and stamp programmes: their levels, each with `from` (or `from_amount` by spend) and what it adds. */
  levels: z.array(
    z.object({
      name: z.string(),
      from: z.number().int().optional(),
      from_amount: z.string().optional(),
      multiplier: z.string().optional(),
      bonus_stamps: z.number().int().optional(),
    }),
  ),
  level_basis: z.enum(LEVEL_BASES),
  level_period: z.enum(LEVEL_PERIODS),
  expire_after_days: z.number().int().nullable(),
  /** What one reward costs the owner, in the business's currency; null: not said (or a kind without). */
  cost: z.string().nullable(),
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
  cooldown_minutes: z.number().int(),
  daily_cap: z.number().int(),
  qr_codes_count: z.number().int(),
  created_at: z.string(),
});
export type Reward = z.infer<typeof reward>;

export const rewardIdBody = z.object({ id });

/** reward-expiry-preview: what setting a reward's expiry to `expire_after_days` would lapse soon. */
export const rewardExpiryPreviewBody = z.object({ reward_id: refId("reward"), expire_after_days: expireAfterDays });
export type RewardExpiryPreviewBody = z.input<typeof rewardExpiryPreviewBody>;

/** How far ahead reward-expiry-preview looks, in days. */
export const EXPIRY_PREVIEW_DAYS = 30;

/** The cards whose balance would lapse within EXPIRY_PREVIEW_DAYS, and those balances' sum in `unit`. */
export const rewardExpiryPreview = z.object({
  cards: z.number().int(),
  amount: z.number().int(),
  unit: z.enum(REWARD_KINDS),
});
export type RewardExpiryPreview = z.infer<typeof rewardExpiryPreview>;

// The answers' `data`.
export const rewardOption = z.object({
  id: z.number().int(),
  reward_id: z.number().int(),
  title: z.string(),
  points: z.number().int(),
  /** What the option costs the owner, in the business's currency; null: not said. */
  cost: z.string().nullable(),
  created_at: z.string(),
});
export const rewardOptionListAnswer = paginated(rewardOption);
export const rewardListAnswer = paginated(reward);
