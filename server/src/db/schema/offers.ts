import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { OFFER_KINDS, OFFER_TRIGGERS } from "../../../../contract/offers";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards } from "./loyalty";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * What a business offers its card holders as vouchers, and when they are issued (`trigger`).
 * offer-delete retires it (`active` false): vouchers issued before stay valid.
 */
export const offers = pgTable(
  "offers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind", { enum: OFFER_KINDS }).notNull(),
    /** amount_off: money off in the business currency's minor units. */
    amountMinor: bigint("amount_minor", { mode: "number" }),
    /** percent_off: 1 to 100. */
    percent: integer("percent"),
    /** points or stamps: what redeeming adds to the card's balance. */
    units: integer("units"),
    trigger: text("trigger", { enum: OFFER_TRIGGERS }).notNull(),
    validDays: integer("valid_days").notNull(),
    /** The smallest purchase (minor units) the voucher is redeemed with; null: any. */
    minPurchaseMinor: bigint("min_purchase_minor", { mode: "number" }),
    /** What one redeemed voucher costs the owner (minor units), for the insights; null = not said. */
    costMinor: bigint("cost_minor", { mode: "number" }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("offers_business_idx").on(t.businessId, t.trigger), index("offers_user_idx").on(t.userId)],
);

/**
 * One voucher of an offer on one card. The code is the holder's bearer secret: `code_hash`
 * (sha256) finds it, `code` is what the card page and passes show (docs/adr/0009-vouchers.md).
 * `issue_key` makes an issue happen once: `join`, `campaign` (once per offer and card), `birthday`
 * (the year), `win_back` (the automation's run); manual issues are keyed by their own id.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    codeHash: text("code_hash").notNull(),
    issueKey: text("issue_key").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("vouchers_code_hash_unique").on(t.codeHash),
    uniqueIndex("vouchers_offer_card_key_unique").on(t.offerId, t.cardId, t.issueKey),
    index("vouchers_card_idx").on(t.cardId, t.redeemedAt),
    index("vouchers_user_idx").on(t.userId),
    index("vouchers_redeemed_by_idx")
      .on(t.redeemedBy)
      .where(sql`${t.redeemedBy} is not null`),
  ],
);
