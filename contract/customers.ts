import "./zod-setup";
import { actorView } from "./actors";
import { z } from "zod";
import { calendarDate } from "./fields";
import { id, optionalId } from "./ids";
import { REWARD_KINDS } from "./rewards";
import type { RfmSegment } from "./rfm";

/**
 * The customer directory, segments and privacy calls. A "customer" row of the directory
 * is one card: a person holding cards at two of the owner's businesses is two rows (each business
 * has its own stamps and visits), and is the same person for export and delete.
 */

export const SEGMENTS = [
  "all",
  "inactive",
  "reward_ready",
  "near_reward",
  "new",
  "birthday_this_month",
  "has_voucher",
  "level",
  "rfm:champions",
  "rfm:loyal",
  "rfm:promising",
  "rfm:needs_attention",
  "rfm:at_risk",
  "rfm:hibernating",
  "rfm:lost",
] as const;
export type Segment = (typeof SEGMENTS)[number];
/** The segments that take N days (`days`). */
export const SEGMENTS_WITH_DAYS: readonly Segment[] = ["inactive", "new"];
export const segmentTakesDays = (segment: Segment) => SEGMENTS_WITH_DAYS.includes(segment);

export const SEGMENT_LABELS: Record<Segment, string> = {
  all: "All card holders",
  inactive: "No visit for N days",
  reward_ready: "Reward ready",
  near_reward: "Near the reward (one stamp, or within 10 %)",
  new: "Joined in the last N days",
  birthday_this_month: "Birthday this month",
  has_voucher: "Holds an unused voucher",
  level: "At a level (its name)",
  "rfm:champions": "Champions (RFM)",
  "rfm:loyal": "Loyal (RFM)",
  "rfm:promising": "Promising (RFM)",
  "rfm:needs_attention": "Needs attention (RFM)",
  "rfm:at_risk": "At risk (RFM)",
  "rfm:hibernating": "Hibernating (RFM)",
  "rfm:lost": "Lost (RFM)",
};
/** The RFM segment a segment names (analytics-rfm's, contract/rfm.ts), or undefined. */
export const rfmSegmentOfName = (segment: Segment): RfmSegment | undefined =>
  segment.startsWith("rfm:") ? (segment.slice(4) as RfmSegment) : undefined;

export const DEFAULT_SEGMENT_DAYS = 30;
export const MAX_SEGMENT_DAYS = 3650;

/** The directory's largest page; a bigger `limit` is refused (422), not clamped. */
export const CUSTOMER_PAGE_MAX = 100;
export const CUSTOMER_PAGE_DEFAULT = 25;

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

const segmentField = z.preprocess(
  blank,
  z
    .enum(SEGMENTS, { error: `The segment must be one of: ${SEGMENTS.join(", ")}.` })
    .optional()
    .default("all"),
);

const daysField = z.preprocess(
  blank,
  z.coerce
    .number({ error: "The days must be a whole number." })
    .int("The days must be a whole number.")
    .min(1, "The days must be at least 1.")
    .max(MAX_SEGMENT_DAYS, `The days may not be greater than ${MAX_SEGMENT_DAYS}.`)
    .optional(),
);

/** The level segment's level: its name, as the programme's levels name it. */
const levelField = z.preprocess(
  blank,
  z
    .string({ error: "The level must be a level's name." })
    .trim()
    .max(40, "The level may not be greater than 40 characters.")
    .optional(),
);

/**
 * `segment` and, for inactive and new, the N of "N days" (required there, refused elsewhere); for
 * level, the level's name.
 */
export const segmentShape = { segment: segmentField, days: daysField, level: levelField };

type SegmentInput = { segment: Segment; days?: number | undefined; level?: string | undefined };
export const daysWhereNeeded = (value: SegmentInput, ctx: z.RefinementCtx) => {
  levelWhereNeeded(value, ctx);
  if (segmentTakesDays(value.segment) && value.days === undefined) {
    ctx.addIssue({ code: "custom", path: ["days"], message: "Please say how many days." });
  }
  if (!segmentTakesDays(value.segment) && value.days !== undefined) {
    ctx.addIssue({ code: "custom", path: ["days"], message: "This segment takes no number of days." });
  }
};

/** The level segment names its level; no other segment takes one. */
export const levelWhereNeeded = (value: SegmentInput, ctx: z.RefinementCtx) => {
  if (value.segment === "level" && !value.level) {
    ctx.addIssue({ code: "custom", path: ["level"], message: "Please say which level." });
  }
  if (value.segment !== "level" && value.level !== undefined) {
    ctx.addIssue({ code: "custom", path: ["level"], message: "This segment takes no level." });
  }
};

/** A last-visit day: the contract's one date type (fields.ts), or nothing when left blank. */
const day = z.preprocess(blank, z.optional(calendarDate));

/**
 * customer-list: search (`q`: part of a name, email or phone), business, segment, last visit
 * between two days (UTC, both included), reward ready; keyset-paged by `cursor` (opaque, the
 * previous page's `next_cursor`), newest visit first.
 */
export const customerListQuery = z
  .object({
    q: z.preprocess(blank, z.string().trim().max(100, "The search may not be greater than 100 characters.").optional()),
    business_id: optionalId,
    ...segmentShape,
    last_visit_from: day,
    last_visit_to: day,
    reward_ready: z.preprocess(
      (value) =>
        value === "" || value === undefined ? undefined : value === true || value === "true" || value === "1",
      z.boolean().optional(),
    ),
    cursor: z.preprocess(
      blank,
      z
        .string()
        .max(200, "The cursor is not valid.")
        .regex(/^[A-Za-z0-9_-]+$/, "The cursor is not valid.")
        .optional(),
    ),
    limit: z.coerce
      .number({ error: "The limit must be a whole number." })
      .int("The limit must be a whole number.")
      .min(1, "The limit must be at least 1.")
      .max(CUSTOMER_PAGE_MAX, `The limit may not be greater than ${CUSTOMER_PAGE_MAX}.`)
      .default(CUSTOMER_PAGE_DEFAULT),
  })
  .superRefine(daysWhereNeeded)
  .refine((f) => !f.last_visit_from || !f.last_visit_to || f.last_visit_from <= f.last_visit_to, {
    path: ["last_visit_to"],
    message: "The to date must not be before the from date.",
  });
export type CustomerListQuery = z.input<typeof customerListQuery>;
export type CustomerListFilters = z.output<typeof customerListQuery>;

/** segment-count: how many card holders a segment reaches (of one business, or all of them). */
export const segmentCountQuery = z.object({ business_id: optionalId, ...segmentShape }).superRefine(daysWhereNeeded);
export type SegmentCountQuery = z.input<typeof segmentCountQuery>;
export const segmentCount = z.object({
  segment: z.enum(SEGMENTS),
  days: z.number().int().nullable(),
  count: z.number().int(),
});
export type SegmentCount = z.infer<typeof segmentCount>;

/** A card serial as the directory shows it (`LC-XXXX-XXXX-XXXX`). */
export const serialField = z
  .string({ error: "The serial field is required." })
  .trim()
  .toUpperCase()
  .regex(/^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/, "This is not a card serial.");

export const customerSerialQuery = z.object({ serial: serialField });
export const customerDeleteBody = z.object({ serial: serialField });

/** referral-review: the owner approves (pays both sides) or rejects a held referral bonus. */
export const referralReviewBody = z.object({
  id,
  approve: z.boolean({ error: "Say whether to approve: true or false." }),
});

export const REFERRAL_BONUS_STATUSES = ["paid", "held", "approved", "rejected"] as const;
export type ReferralBonusStatus = (typeof REFERRAL_BONUS_STATUSES)[number];

/**
 * A referral bonus due to a friend and their referrer: paid at once, or held for the owner
 * (`held_reason`: more than the referrer's daily allowance, or a device another friend of theirs
 * joined on) and then approved or rejected. Bonuses in the programme's unit (cashback: decimal strings).
 */
const cardHolder = z.object({ serial: z.string(), name: z.string() });
export const referralBonusEntry = z.object({
  id: z.number().int(),
  status: z.enum(REFERRAL_BONUS_STATUSES),
  held_reason: z.enum(["daily_limit", "shared_device"]).nullable(),
  friend: cardHolder,
  referrer: cardHolder,
  referrer_bonus: z.union([z.number(), z.string()]),
  friend_bonus: z.union([z.number(), z.string()]),
  unit: z.enum(REWARD_KINDS),
  /** The business's currency (a cashback bonus is money in it). */
  currency: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ReferralBonusEntry = z.infer<typeof referralBonusEntry>;

/** What the directory flags on a row. */
export const CUSTOMER_FLAGS = ["reward_ready", "near_reward", "birthday_this_month", "inactive"] as const;
export type CustomerFlag = (typeof CUSTOMER_FLAGS)[number];
/** The directory calls a card inactive after this many days without a visit. */
export const INACTIVE_FLAG_DAYS = 30;

/** One row of the directory: a card and its holder. */
export const customerRow = z.object({
  serial: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  business_id: z.number().int(),
  business_name: z.string(),
  stamps: z.number(),
  stamps_required: z.number().int().nullable(),
  /** The programme's kind and the balance in its own terms ("340 points — 60 to Free lunch"). */
  kind: z.enum(REWARD_KINDS),
  balance_text: z.string(),
  /** The programme the card collects for (its reward's title): a customer holds one card per business. */
  reward_title: z.string().nullable(),
  rewards_redeemed: z.number().int(),
  /** The level the card reached (null: none, or the programme has no levels). */
  level: z.string().nullable(),
  first_visit_at: z.string(),
  last_visit_at: z.string(),
  flags: z.array(z.enum(CUSTOMER_FLAGS)),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customerList = z.object({ items: z.array(customerRow), next_cursor: z.string().nullable() });
export type CustomerList = z.infer<typeof customerList>;

export const customerHistoryEntry = z.object({
  kind: z.enum(["join", "stamp", "redeem"]),
  stamps_after: z.number(),
  /** The balance after it in its programme's terms, and the purchase amount (decimal string). */
  balance_after_text: z.string(),
  amount: z.string().nullable(),
  location: z.string().nullable(),
  staff_name: z.string().nullable(),
  /** Who made it: the customer, staff, the owner, an API key, a till. */
  actor: actorView,
  created_at: z.string(),
});
export type CustomerHistoryEntry = z.infer<typeof customerHistoryEntry>;

export const customerMessage = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  segment: z.string(),
  created_at: z.string(),
});
export type CustomerMessage = z.infer<typeof customerMessage>;

/** customer-detail: the card, its history (newest first, the latest 100) and the messages it received. */
/** What the customer agreed to on each channel, when and how (cards.consent_*), and what they turned off. */
export const consentEvidence = z.object({
  email: z.object({
    agreed_at: z.string().nullable(),
    source: z.string().nullable(),
    opted_out_at: z.string().nullable(),
    /** When a mail server refused the address for good: no mail goes to it. */
    bounced_at: z.string().nullable(),
  }),
  sms: z.object({
    agreed_at: z.string().nullable(),
    source: z.string().nullable(),
    opted_out_at: z.string().nullable(),
  }),
  push: z.object({ opted_out_at: z.string().nullable() }),
});
export type ConsentEvidence = z.infer<typeof consentEvidence>;

export const customerDetail = customerRow.extend({
  birthday: z.string().nullable(),
  lifetime_stamps: z.number(),
  history: z.array(customerHistoryEntry),
  messages: z.array(customerMessage),
  /**
   * Referrals: the card whose referral link this customer joined through, and how
   * many friends joined through this card's.
   */
  referred_by: cardHolder.nullable(),
  referrals: z.number().int(),
  /** The referral bonuses this card is the friend or the referrer of, newest first (the latest 50). */
  referral_bonuses: z.array(referralBonusEntry),
  /** Consent as evidence: the customer's page and the export show it. */
  consent: consentEvidence,
});
export type CustomerDetail = z.infer<typeof customerDetail>;
export const CUSTOMER_HISTORY_MAX = 100;
export const CUSTOMER_MESSAGES_MAX = 50;

/** customer-export: everything kept about the customer at this owner, as one JSON document. */
export const customerExport = z.object({
  exported_at: z.string(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    birthday: z.string().nullable(),
    created_at: z.string(),
  }),
  /**
   * Each card with its whole history; `devices` counts what holds it (tokens are not exported).
   * Who referred the customer is another person's data: the export says only that someone did.
   */
  cards: z.array(
    customerDetail.omit({ referred_by: true, referral_bonuses: true }).extend({
      joined_through_referral: z.boolean(),
      devices: z.object({ apple_wallet_passes: z.number().int(), push_subscriptions: z.number().int() }),
    }),
  ),
});
export type CustomerExport = z.infer<typeof customerExport>;

/** customer-delete and wallet-card-delete: what was erased. */
export const customerDeleteAnswer = z.object({ cards_deleted: z.number().int(), customer_deleted: z.boolean() });
/** wallet-birthday: the birthday kept (null: removed). */
export const walletBirthdayAnswer = z.object({ birthday: z.string().nullable().optional() });
