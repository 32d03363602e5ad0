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
    /** Self-scans per card per day (the business's day, see day.ts); 0 = no cap. */
    dailyCap: integer("daily_cap").notNull().default(1),
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
    /**
     * `static`: the printed URL stamps as it is. `rotating`: a self-scan needs the code the counter
     * screen shows, an HMAC of `counterSecret` and the 30-s window (counter.ts).
     */
    mode: text("mode", { enum: ["static", "rotating"] })
      .notNull()
      .default("static"),
    /** The HMAC key of the rotating code (set once the code rotates); never leaves the API server. */
    counterSecret: text("counter_secret"),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customers_owner_email_unique").on(t.userId, sql`lower(${t.email})`)],
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
    /** The newest counter-screen window whose code stamped this card: a code is single use per card. */
    lastCounterWindow: integer("last_counter_window"),
    /**
     * Today's counts (the business's day, day.ts), reset by the first stamp of another day: the
     * daily cap reads `selfStampsToday`, the fraud threshold `stampsToday` (staff stamps too),
     * without counting scans on the hot path.
     */
    stampDay: date("stamp_day"),
    stampsToday: integer("stamps_today").notNull().default(0),
    selfStampsToday: integer("self_stamps_today").notNull().default(0),
    /** Marked by a fraud alert (shown in My Scans and on the card's detail), with the reason. */
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    flagReason: text("flag_reason"),
    /** The day of the last alert: one alert per card per day. */
    alertDay: date("alert_day"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cards_serial_unique").on(t.serial),
    uniqueIndex("cards_customer_business_unique").on(t.customerId, t.businessId),
    index("cards_user_idx").on(t.userId, t.id),
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
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
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

/**
 * A card's history (card-history), append-only: joins, stamps, redeems, corrections and fraud
 * flags, with who did it (a staff member or the owner; null for the customer's own scans), from
 * which QR code, and why. Nothing updates or deletes these rows (they go only with their card).
 */
export const cardEvents = pgTable(
  "card_events",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["join", "stamp", "redeem", "adjust", "flag"] }).notNull(),
    /** Stamps added (+) or removed (-) by this event; 0 for a flag. */
    delta: integer("delta").notNull().default(0),
    stampsAfter: integer("stamps_after").notNull(),
    reason: text("reason"),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    qrCodeId: integer("qr_code_id").references(() => qrCodes.id, { onDelete: "set null" }),
    /** Joins: the client address and the device (sha256 of its oldest card key), for the join alert. */
    clientIp: text("client_ip"),
    deviceHash: text("device_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("card_events_card_idx").on(t.cardId, t.id),
    index("card_events_joins_idx")
      .on(t.businessId, t.createdAt)
      .where(sql`${t.kind} = 'join'`),
  ],
);

/** An owner's choices for their team (staff settings). */
export const ownerSettings = pgTable("owner_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  /** Staff may correct a card's stamps (card-adjust); otherwise owner only. */
  staffMayAdjust: boolean("staff_may_adjust").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * A tablet signed in to one QR code's counter screen (device link): the owner names and revokes
 * it on the QR code's page. The token lives in the tablet's httpOnly cookie and here as sha256; it
 * opens that one screen and nothing else.
 */
export const counterDevices = pgTable(
  "counter_devices",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    qrCodeId: integer("qr_code_id")
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The link's one-time claim: the tablet exchanges it for its long-lived token. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("counter_devices_token_unique").on(t.tokenHash),
    index("counter_devices_qr_idx").on(t.qrCodeId, t.id),
  ],
);
