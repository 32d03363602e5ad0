import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { files } from "./files";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id);

/** Where a business or a location is. */
const place = () => ({
  businessCategory: text("business_category").notNull(),
  address: text("address").notNull(),
  state: text("state").notNull(),
  city: text("city").notNull(),
  zipCode: text("zip_code").notNull(),
  countryName: text("country_name").notNull(),
});

/** Reference list for business_category (seeded). */
export const businessCategories = pgTable("business_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

/** Reference list for country_name (seeded, ISO 3166-1). */
export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull().unique(),
});

export const businesses = pgTable(
  "businesses",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessName: text("business_name").notNull(),
    logoFileId: integer("logo_file_id").references(() => files.id, { onDelete: "set null" }),
    ...place(),
    /** IANA time zone name: the dashboard's "today" and its chart's days are this business's days. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** More stamps than this on one card in one day raise a fraud alert (staff stamps included). */
    fraudThreshold: integer("fraud_threshold").notNull().default(5),
    /** ISO 4217: points and cashback count in it; defaults from the country. */
    currency: text("currency"),
    /** The largest purchase that earns, in the business's currency: an amount above it earns nothing. */
    maxPurchaseAmount: numeric("max_purchase_amount", { precision: 12, scale: 2 }).notNull().default("10000"),
    // The card design. Null until the owner designs the card: the passes keep
    // their old look (colours from the logo, the business name as title).
    cardTitle: text("card_title"),
    /** `#rrggbb` lower-case; the three are set together. */
    cardBackgroundColor: text("card_background_color"),
    cardForegroundColor: text("card_foreground_color"),
    cardLabelColor: text("card_label_color"),
    /** The card's language (a Locale); null: the customer's browser. */
    cardLocale: text("card_locale"),
    /** Apple's strip at 3x (1125×369 PNG); the pass's @1x and @2x are scaled from it. */
    stripFileId: integer("strip_file_id").references(() => files.id, { onDelete: "set null" }),
    /** Google's hero image (1032×336 PNG), cut from the same upload. */
    heroFileId: integer("hero_file_id").references(() => files.id, { onDelete: "set null" }),
    /** The share of cards (0-20 %) held out of automations, messages and offers, to measure their lift. */
    controlGroupPercent: integer("control_group_percent").notNull().default(0),
    /** The most marketing messages (0-3) a card of this business gets in 7 days, across channels. */
    messageWeeklyCap: integer("message_weekly_cap").notNull().default(3),
    /** The owner's fraud-alert threshold (1-100 %): a staff member's share of earns without a till payment above it is flagged. Null: no alerts. */
    staffAlertPercent: integer("staff_alert_percent"),
    /** The owner's mail switches: these notices also go by email to cards that consented. */
    mailRewardReady: boolean("mail_reward_ready").notNull().default(false),
    mailExpiry: boolean("mail_expiry").notNull().default(false),
    mailVouchers: boolean("mail_vouchers").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("businesses_user_idx").on(t.userId, t.id),
    // Foreign keys are indexed (foreign-key-indexes.test.ts); partial where mostly null.
    index("businesses_logo_file_idx")
      .on(t.logoFileId)
      .where(sql`${t.logoFileId} is not null`),
    index("businesses_strip_file_idx")
      .on(t.stripFileId)
      .where(sql`${t.stripFileId} is not null`),
    index("businesses_hero_file_idx")
      .on(t.heroFileId)
      .where(sql`${t.heroFileId} is not null`),
  ],
);

/** A location of a business. */
export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    ...place(),
    /** Optional: wallet passes surface on the lock screen near these coordinates. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("addresses_user_idx").on(t.userId, t.id), index("addresses_business_idx").on(t.businessId)],
);

/**
 * Owner-defined product categories ("Pastries"): the till's items they hold (`item_ids`: Shopify
 * SKUs or product ids, Square catalog object ids), each programme's earning rule in category_rules.
 */
export const productCategories = pgTable(
  "product_categories",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    itemIds: text("item_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique per owner, whatever the case ("Coffee" and "coffee" are one category).
    uniqueIndex("product_categories_owner_name_unique").on(t.userId, sql`lower(${t.name})`),
    // Foreign keys are indexed: deleting a business must not scan every category.
    index("product_categories_business_idx")
      .on(t.businessId)
      .where(sql`${t.businessId} is not null`),
  ],
);
