import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { plans } from "./plans";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** What a payment buys: a plan period, or one extra business / address slot. */
export const PAYMENT_MODES = ["newUser", "businessPayment", "addressPayment"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * Platform promo codes, created by the seed or the operator's CLI. `value` is a
 * percentage (1–100) or, for `fixed`, an amount in minor units of `currency`.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** Stored upper-case: codes are matched case-insensitively. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
    value: integer("value").notNull(),
    /** Fixed discounts only apply to payments in this currency. */
    currency: text("currency"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** How many succeeded payments may use it in all; null: no limit. */
    maxRedemptions: integer("max_redemptions"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(t.code),
    check("coupons_value_range", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("coupons_fixed_currency", sql`${t.kind} <> 'fixed' or ${t.currency} is not null`),
  ],
);

/**
 * One payment attempt: what was bought, for how much, with which
 * provider and reference, and how it ended. Every attempt is recorded, success or failure.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The plan bought (newUser), or the plan whose currency a slot fee was charged in. */
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
    mode: text("mode", { enum: PAYMENT_MODES }).notNull(),
    /** Before the discount, in minor units. */
    listAmountMinor: integer("list_amount_minor").notNull(),
    discountMinor: integer("discount_minor").notNull().default(0),
    /** What the card is charged: list amount less discount. */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id),
    /**
     * The provider's fingerprint of the card (payments with a coupon): a coupon is used once per
     * card as well as once per email, so a new account does not make a card new.
     */
    cardFingerprint: text("card_fingerprint"),
    provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
    /** The provider's id of the charge (Stripe PaymentIntent), once it has one. */
    providerRef: text("provider_ref"),
    /** One per attempt: the same key again is the same payment, never a second charge. */
    idempotencyKey: text("idempotency_key").notNull(),
    status: text("status", { enum: ["pending", "requires_action", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    failureMessage: text("failure_message"),
    /**
     * When the provider made the newest event applied to this payment (its clock): an older event
     * arriving later (webhooks come in any order) changes nothing but a success.
     */
    providerEventAt: timestamp("provider_event_at", { withTimezone: true }),
    /**
     * Plan periods: when the billing cycle began (the first period's start). Every period of a
     * renewal chain ends on this day of the month, or the month's last day (period.ts), so a
     * renewal after 28 February goes back to the 31st. Null on rows older than the column: their
     * cycle began at their own period start.
     */
    billingAnchor: timestamp("billing_anchor", { withTimezone: true }),
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    succeededAt: timestamp("succeeded_at", { withTimezone: true }),
    /** Slot fees: when the slot was used by an add-business / add-address. */
    slotUsedAt: timestamp("slot_used_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_idempotency_unique").on(t.userId, t.idempotencyKey),
    uniqueIndex("payments_provider_ref_unique").on(t.provider, t.providerRef),
    index("payments_user_idx").on(t.userId, t.status, t.mode),
    // Foreign keys are indexed (foreign-key-indexes.test.ts); partial where mostly null.
    index("payments_plan_idx").on(t.planId),
    index("payments_coupon_idx")
      .on(t.couponId)
      .where(sql`${t.couponId} is not null`),
    check("payments_amounts", sql`${t.amountMinor} >= 0 and ${t.discountMinor} >= 0`),
  ],
);

/**
 * A coupon an owner applied (coupon-apply): it rides on their next payment and is spent when that
 * payment succeeds. One row per owner and coupon: a coupon is used once per user.
 */
export const couponApplications = pgTable(
  "coupon_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    paymentId: integer("payment_id").references(() => payments.id),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_applications_once_per_user").on(t.userId, t.couponId),
    index("coupon_applications_coupon_idx").on(t.couponId),
    index("coupon_applications_payment_idx")
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
  ],
);

/** Provider events already handled (webhook replays credit nothing twice). */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export type Payment = typeof payments.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
