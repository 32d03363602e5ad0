import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PlanFeature } from "../../../../contract/plan-features";
import type { PlanTexts } from "../../../../contract/plans";
import type { ContentTranslations } from "../../i18n/localized-content";

/**
 * Subscription plans an owner can buy, listed publicly by
 * `GET /subscriptionplan-list` and shown on the home page's Pricing section.
 *
 * For the payments work built on top of this table:
 * - `amount_minor` is the price in the currency's minor units (2900 = 29.00), an integer so no
 *   rounding ever creeps in; the API answers it as the major-unit string "29.00"
 *   (`server/src/modules/plans/present.ts`). Charge exactly this amount (less a coupon).
 * - `interval` is the length of one paid period: a payment for the plan runs one month or one year.
 * - `included_businesses` / `included_addresses`: how many of each the plan covers; each one beyond
 *   that is an extra-slot fee.
 * - An inactive plan is hidden from the list and must not be sold; existing subscriptions keep
 *   pointing at it, so plans are deactivated, never deleted.
 */
export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    /** ISO 4217 code, upper case. */
    currency: text("currency").notNull().default("USD"),
    interval: text("interval", { enum: ["month", "year"] }).notNull(),
    /** The selling points shown on the pricing card, in order. */
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * What the plan unlocks (contract/plan-features.ts): calls that need a feature check it.
     * The selling points above are text for people; these keys are what the server enforces.
     */
    featureKeys: text("feature_keys")
      .array()
      .$type<PlanFeature[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The name and selling points in the other locales; English (the columns above) where none. */
    translations: jsonb("translations").$type<ContentTranslations<PlanTexts>>().notNull().default({}),
    includedBusinesses: integer("included_businesses").notNull().default(1),
    includedAddresses: integer("included_addresses").notNull().default(1),
    /** SMS segments the owner's businesses may send each calendar month (UTC); over it a send is skipped. */
    smsAllowance: integer("sms_allowance").notNull().default(0),
    /** What one SMS segment costs, in the plan's currency (major units): sms-estimate's price. */
    smsPricePerSegment: numeric("sms_price_per_segment", { precision: 10, scale: 4 }).notNull().default("0"),
    /** Lower first on the pricing page. */
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The seed finds its plans by name; two plans of one name would confuse owners too.
    uniqueIndex("plans_name_unique").on(t.name),
    check("plans_amount_positive", sql`${t.amountMinor} > 0`),
    check("plans_currency_iso", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("plans_included_positive", sql`${t.includedBusinesses} >= 1 and ${t.includedAddresses} >= 1`),
    check("plans_sms_not_negative", sql`${t.smsAllowance} >= 0 and ${t.smsPricePerSegment} >= 0`),
  ],
);

export type Plan = typeof plans.$inferSelect;
