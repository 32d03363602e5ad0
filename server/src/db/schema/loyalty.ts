import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { addresses, businesses, productCategories } from "./businesses";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id);
const business = () =>
  integer("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

/**
 * The stamp programme of a business (product.md §4). remove-reward retires it (active = false)
 * rather than deleting it: cards and past scans keep pointing at what they were collected for.
 */
export const rewards = pgTable(
  "rewards",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    stampsRequired: integer("stamps_required").notNull(),
    productCategoryId: integer("product_category_id").references(() => productCategories.id, {
      onDelete: "set null",
    }),
    cooldownMinutes: integer("cooldown_minutes").notNull().default(240),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("rewards_user_idx").on(t.userId, t.id), index("rewards_business_idx").on(t.businessId)],
);

/** A printed business QR code; its token is the whole secret of the URL it encodes. */
export const qrCodes = pgTable(
  "qr_codes",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
    rewardId: integer("reward_id").references(() => rewards.id, { onDelete: "set null" }),
    label: text("label").notNull(),
    qrToken: text("qr_token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("qr_codes_token_unique").on(t.qrToken), index("qr_codes_user_idx").on(t.userId, t.id)],
);

/** An end customer of one owner (owners never share customer rows). */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Optional, as the customer typed it (wallet-join); searched by its digits too. */
    phone: text("phone"),
    /** Optional (wallet-join or the card page): the birthday_this_month segment. */
    birthday: date("birthday", { mode: "string" }),
    /**
     * What the customer directory searches (issue 16): name, email, phone and the phone's digits,
     * lower-cased in one column, so one trigram GIN index (pg_trgm, see the custom migration)
     * answers `like '%part%'` for any of them.
     */
    search: text("search")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'))`,
      ),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customers_owner_email_unique").on(t.userId, sql`lower(${t.email})`),
    index("customers_search_trgm_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The birthday_this_month segment: the owner's customers born in one month.
    index("customers_birth_month_idx").on(t.userId, sql`extract(month from ${t.birthday})`),
  ],
);

/** A customer's stamp card at one business. The serial is public (the card's QR). */
export const cards = pgTable(
  "cards",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The programme the card collects for (the one of the QR code it joined through). */
    rewardId: integer("reward_id").references(() => rewards.id, { onDelete: "set null" }),
    serial: text("serial").notNull(),
    stamps: integer("stamps").notNull().default(0),
    lifetimeStamps: integer("lifetime_stamps").notNull().default(0),
    rewardsRedeemed: integer("rewards_redeemed").notNull().default(0),
    /** The last stamp the customer collected themselves: the reward's cooldown counts from it. */
    lastSelfStampAt: timestamp("last_self_stamp_at", { withTimezone: true }),
    /**
     * The customer's last visit (join, stamp or redeem, by themselves or at the counter): the
     * directory sorts and the inactive segment filters on it. The first visit is `created_at`.
     */
    lastVisitAt: timestamp("last_visit_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cards_serial_unique").on(t.serial),
    uniqueIndex("cards_customer_business_unique").on(t.customerId, t.businessId),
    index("cards_user_idx").on(t.userId, t.id),
    // The directory's order (keyset on last visit, id) per owner and per business. Ascending, read
    // backwards: `order by … desc` (nulls first) matches them, where drizzle's `.desc()` (nulls
    // last) would not, and PostgreSQL would sort every card instead.
    index("cards_user_last_visit_idx").on(t.userId, t.lastVisitAt, t.id),
    index("cards_business_last_visit_idx").on(t.businessId, t.lastVisitAt, t.id),
  ],
);

/**
 * The secrets that open a card, one per device (joined or recovered there), stored as sha256.
 * Recovering on a new phone adds a key; the old phone keeps its own.
 */
export const cardKeys = pgTable(
  "card_keys",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("card_keys_secret_unique").on(t.secretHash), index("card_keys_card_idx").on(t.cardId)],
);

/** Every join, stamp and redeem ("My Scans" and the dashboard's figures read these). */
export const scans = pgTable(
  "scans",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    /**
     * Null once the customer was deleted (customer-delete): the scan stays, anonymised, so the
     * owner's figures do not change.
     */
    cardId: integer("card_id").references(() => cards.id, { onDelete: "set null" }),
    addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
    qrCodeId: integer("qr_code_id").references(() => qrCodes.id, { onDelete: "set null" }),
    rewardId: integer("reward_id").references(() => rewards.id, { onDelete: "set null" }),
    /** Set when staff (or the owner) scanned the card; null for the customer's own scans. */
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["join", "stamp", "redeem"] }).notNull(),
    /** The card's stamps after this event. */
    stampsAfter: integer("stamps_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("scans_user_created_idx").on(t.userId, t.createdAt),
    index("scans_card_idx").on(t.cardId),
    index("scans_business_idx").on(t.businessId, t.createdAt),
  ],
);

/** Email codes that open a card on another device (wallet-recover): 10 minutes, 5 attempts. */
export const walletCodes = pgTable(
  "wallet_codes",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("wallet_codes_card_idx").on(t.cardId, t.createdAt)],
);
