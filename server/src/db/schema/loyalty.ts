import { sql } from "drizzle-orm";
import { DEFAULT_KIND, KIND_NAMES, kindLiteral } from "../../../../contract/kinds";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import type { ReasonPart } from "./reason-parts";
import { ACTOR_KINDS } from "../../../../contract/actors";
import { rollupPart } from "./rollup-part";
import { LEVEL_BASES, LEVEL_PERIODS } from "../../../../contract/kinds/levels";
import { apiKeys } from "./api-keys";
import { addresses, businesses } from "./businesses";
import { posConnections } from "./pos-connections";

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
 * The programme of a business: stamps (N stamps for the reward), points
 * (earned per visit and per 1.00 spent, spent on the reward's options) or cashback (a percent of
 * each amount kept as money, spent as money off). remove-reward retires it (active = false) rather
 * than deleting it: cards and past scans keep pointing at what they were collected for. A reward's
 * kind never changes once it has cards (a successor of another kind starts its cards at zero).
 */
export const rewards = pgTable(
  "rewards",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: KIND_NAMES }).notNull().default(DEFAULT_KIND),
    /** Stamps programmes: stamps for the reward. 0 for points and cashback. */
    stampsRequired: integer("stamps_required").notNull(),
    /**
     * Points programmes: points per visit, and per 1.00 of the business's currency, in hundredths
     * ("0.10": one point per 10.00; an order's points are rounded down).
     */
    pointsPerVisit: integer("points_per_visit").notNull().default(0),
    pointsPerUnit: numeric("points_per_unit", { precision: 8, scale: 2 }).notNull().default("0"),
    /** Cashback programmes: the percent in basis points (500 = 5 %), and tiers by lifetime spend. */
    cashbackBasisPoints: integer("cashback_basis_points").notNull().default(0),
    /** [{ fromMinor, basisPoints }], ascending: from that lifetime spend (minor units) on, that rate. */
    cashbackTiers: jsonb("cashback_tiers").$type<{ fromMinor: number; basisPoints: number }[]>().notNull().default([]),
    /**
     * Points and stamp programmes: [{ name, from, multiplier, bonus }], ascending by `from` (in the
     * basis's unit: points or stamps, visits, or minor units spent); `multiplier` in hundredths.
     */
    levels: jsonb("levels")
      .$type<{ name: string; from: number; multiplier: number | null; bonus: number | null }[]>()
      .notNull()
      .default([]),
    /** What a card's level is measured by, and over which period. */
    levelBasis: text("level_basis", { enum: LEVEL_BASES }).notNull().default("points"),
    levelPeriod: text("level_period", { enum: LEVEL_PERIODS }).notNull().default("lifetime"),
    /**
     * Unspent stamps or points lapse this many days after the card's last earn, or after
     * `expiryFrom` when that is later; null = never.
     */
    expireAfterDays: integer("expire_after_days"),
    /**
     * When the current expiry window started for every card: set to the moment expiry is turned on
     * or shortened (add-reward), so no balance lapses sooner than a full window after the change.
     */
    expiryFrom: timestamp("expiry_from", { withTimezone: true }),
    /**
     * The referrer's bonus when a referred friend's referral pays (stamps, points, or cashback's
     * minor units); null = the kind's default.
     */
    referralBonus: integer("referral_bonus"),
    /** The friend's own bonus; null = the same as the referrer's. */
    referralFriendBonus: integer("referral_friend_bonus"),
    /** When a friend's referral pays: at the join, the first visit (any earn), or the first purchase. */
    referralTrigger: text("referral_trigger", { enum: ["join", "first_visit", "first_purchase"] })
      .notNull()
      .default("first_visit"),
    cooldownMinutes: integer("cooldown_minutes").notNull().default(240),
    /** Self-scans per card per day (the business's day, see day.ts); 0 = no cap. */
    dailyCap: integer("daily_cap").notNull().default(1),
    active: boolean("active").notNull().default(true),
    /** What one reward costs the owner (minor units of the business's currency), for the insights; null = not said. */
    cost: integer("cost"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("rewards_user_idx").on(t.userId, t.id), index("rewards_business_idx").on(t.businessId)],
);

/**
 * Points a business's cards earned and spent, all time (dashboard-details): kept by the trigger
 * declared in `rollups.ts` beside this file (`programme_totals_count`) in the event's transaction,
 * so the figures read a row per business, never the history. Insert-only like the history: a
 * card deleted with its history leaves its points counted, as scan_days keeps its scans. A few
 * rows per business (`part`, rollups.ts): readers sum them.
 */
export const programmeTotals = pgTable(
  "programme_totals",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    part: rollupPart(),
    userId: owner(),
    pointsIssued: bigint("points_issued", { mode: "number" }).notNull().default(0),
    pointsRedeemed: bigint("points_redeemed", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "programme_totals_pkey", columns: [t.businessId, t.part] }),
    index("programme_totals_user_idx").on(t.userId, t.pointsIssued, t.pointsRedeemed),
  ],
);

/**
 * What a points programme's points buy (reward-option-add): "Free lunch" for 100 points. Deleting
 * one retires it (active = false): the history entries of its redeems keep pointing at it.
 */
export const rewardOptions = pgTable(
  "reward_options",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    rewardId: integer("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    points: integer("points").notNull(),
    /** What the option costs the owner (minor units of the business's currency), for the insights; null = not said. */
    cost: integer("cost"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("reward_options_reward_idx").on(t.rewardId, t.points),
    index("reward_options_business_idx").on(t.businessId),
    index("reward_options_user_idx").on(t.userId),
  ],
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
  (t) => [
    uniqueIndex("qr_codes_token_unique").on(t.qrToken),
    index("qr_codes_user_idx").on(t.userId, t.id),
    // Foreign keys are indexed: removing a reward must not scan every QR code.
    index("qr_codes_business_idx").on(t.businessId),
    index("qr_codes_reward_idx").on(t.rewardId),
    index("qr_codes_address_idx").on(t.addressId),
  ],
);

/** An end customer of one owner (owners never share customer rows). */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /**
     * When a code sent to the email was entered (wallet-recover). A join only claims an email:
     * until then the email is not known to be the customer's, and whoever proves it later takes
     * the card over (every other device holding it is signed out).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Optional, as the customer typed it (wallet-join); searched by its digits too. */
    phone: text("phone"),
    /** Optional (wallet-join or the card page): the birthday_this_month segment. */
    birthday: date("birthday", { mode: "string" }),
    /** The phone in E.164 (normalised from the business's country), the number SMS go to. */
    phoneE164: text("phone_e164"),
    /** When a mail server refused the address for good (an SMTP 5xx): no mail goes to it again. */
    emailBouncedAt: timestamp("email_bounced_at", { withTimezone: true }),
    /**
     * What the customer directory searches: name, email, phone and the phone's digits,
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
    // An import finds an owner's customer by the phone's digits (customer-import).
    index("customers_phone_digits_idx").on(t.userId, sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g')`),
    // An SMS keyword (STOP, START) reaches every card of the number it came from.
    index("customers_phone_e164_idx")
      .on(t.phoneE164)
      .where(sql`${t.phoneE164} is not null`),
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
    /**
     * The card's balance in its programme's unit: stamps, points, or (cashback) the money to spend
     * in the business currency's minor units. Never below zero.
     */
    stamps: integer("stamps").notNull().default(0),
    lifetimeStamps: integer("lifetime_stamps").notNull().default(0),
    /** Everything spent at the business through this card (minor units): cashback tiers read it. */
    lifetimeSpend: bigint("lifetime_spend", { mode: "number" }).notNull().default(0),
    /** The random code of the card's referral URL (never the serial). */
    referralCode: text("referral_code"),
    /** The card whose referral URL this card joined through. */
    referredByCardId: integer("referred_by_card_id").references((): AnyPgColumn => cards.id, {
      onDelete: "set null",
    }),
    /** When the referral bonus was given (paid at once, or approved by the owner): once per card. */
    referralRewardedAt: timestamp("referral_rewarded_at", { withTimezone: true }),
    /**
     * When this friend's referral was decided (paid, held for the owner, or nothing due): the
     * engine decides it once, on the card's first change that meets the reward's trigger.
     */
    referralSettledAt: timestamp("referral_settled_at", { withTimezone: true }),
    rewardsRedeemed: integer("rewards_redeemed").notNull().default(0),
    /** The name of the level the card reached (its reward's levels), null: none; kept by every earn and the nightly job. */
    level: text("level"),
    /** The last stamp the customer collected themselves: the reward's cooldown counts from it. */
    lastSelfStampAt: timestamp("last_self_stamp_at", { withTimezone: true }),
    /**
     * The customer's last visit (join, stamp or redeem, by themselves or at the counter): the
     * directory sorts and the inactive segment filters on it. The first visit is `created_at`.
     */
    lastVisitAt: timestamp("last_visit_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The card's last earn (join, stamp, points, cashback, referral bonus, order, stamps added by
     * hand): its balance's expiry counts from it. A redeem is a visit but not an earn.
     */
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
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
    /** The language of the page the customer joined on: mail and SMS to them speak it. */
    locale: text("locale"),
    /**
     * Consent to marketing by email and SMS from this business, as evidence: when and how it was
     * given (`source`: join, preferences, import, sms_keyword). Unset = never agreed. A card's
     * service (its own card, reward ready) rides on the join's required consent instead.
     */
    consentEmailAt: timestamp("consent_email_at", { withTimezone: true }),
    consentEmailSource: text("consent_email_source"),
    consentSmsAt: timestamp("consent_sms_at", { withTimezone: true }),
    consentSmsSource: text("consent_sms_source"),
    /** When the customer turned a channel off (unsubscribe link, preferences, STOP): it stays off until they turn it on. */
    emailOptOutAt: timestamp("email_opt_out_at", { withTimezone: true }),
    smsOptOutAt: timestamp("sms_opt_out_at", { withTimezone: true }),
    pushOptOutAt: timestamp("push_opt_out_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cards_serial_unique").on(t.serial),
    uniqueIndex("cards_referral_code_unique").on(t.referralCode),
    index("cards_referred_by_idx")
      .on(t.referredByCardId)
      .where(sql`${t.referredByCardId} is not null`),
    // The dashboard's referrals figure counts these few, not all of an owner's cards.
    index("cards_referral_rewarded_idx")
      .on(t.userId)
      .where(sql`${t.referralRewardedAt} is not null`),
    uniqueIndex("cards_customer_business_unique").on(t.customerId, t.businessId),
    index("cards_user_idx").on(t.userId, t.id),
    index("cards_reward_idx").on(t.rewardId),
    // The directory's level filter and the dashboard's customers per level.
    index("cards_level_idx")
      .on(t.businessId, t.level)
      .where(sql`${t.level} is not null`),
    // The directory's order (keyset on last visit, id) per owner and per business (the latter also serves the business foreign key). Ascending, read
    // backwards: `order by … desc` (nulls first) matches them, where drizzle's `.desc()` (nulls
    // last) would not, and PostgreSQL would sort every card instead.
    index("cards_user_last_visit_idx").on(t.userId, t.lastVisitAt, t.id),
    index("cards_business_last_visit_idx").on(t.businessId, t.lastVisitAt, t.id),
    // Expiry's notice reads a business's cards whose last earn is old enough.
    index("cards_business_earned_idx").on(t.businessId, t.earnedAt, t.id),
    // A business's cards in id order: a message's wallet updates page through them.
    index("cards_business_id_idx").on(t.businessId, t.id),
  ],
);

/**
 * The secrets that open a card, one per device (joined or recovered there), stored as sha256.
 * Recovering on a new phone (an email code) replaces every other key: whoever joined with someone
 * else's email, or holds a lost phone, is signed out.
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
    /** Who made the scan; with the staff member or owner, API key or till connection it names. */
    actor: text("actor", { enum: ACTOR_KINDS }).notNull().default("customer"),
    /** Set when staff (or the owner) scanned the card; null for the customer's own scans. */
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    apiKeyId: integer("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    posConnectionId: integer("pos_connection_id").references(() => posConnections.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["join", "stamp", "redeem"] }).notNull(),
    /** The card's balance after this event (stamps, points or minor units: its programme's unit). */
    stampsAfter: integer("stamps_after").notNull(),
    /** The purchase amount the visit earned on (minor units), for points and cashback. */
    amount: bigint("amount", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    // My Scans is newest first, (created_at, id) (the id orders equal times): one index per filter
    // it serves, each ending in that order, so a page (keyset or offset) reads only its own rows.
    index("scans_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("scans_user_kind_created_idx").on(t.userId, t.kind, t.createdAt, t.id),
    index("scans_business_idx").on(t.businessId, t.createdAt, t.id),
    index("scans_card_idx").on(t.cardId),
    // Foreign keys are indexed (deleting a QR code, an address or a staff member sets them null).
    // Partial: most scans have no staff member, many no QR code.
    index("scans_qr_code_idx")
      .on(t.qrCodeId)
      .where(sql`${t.qrCodeId} is not null`),
    index("scans_address_idx")
      .on(t.addressId)
      .where(sql`${t.addressId} is not null`),
    index("scans_reward_idx")
      .on(t.rewardId)
      .where(sql`${t.rewardId} is not null`),
    index("scans_staff_user_idx")
      .on(t.staffUserId)
      .where(sql`${t.staffUserId} is not null`),
    index("scans_api_key_idx")
      .on(t.apiKeyId)
      .where(sql`${t.apiKeyId} is not null`),
    index("scans_pos_connection_idx")
      .on(t.posConnectionId)
      .where(sql`${t.posConnectionId} is not null`),
  ],
);

/**
 * Scans counted per business, QR code and local day (the business's time zone): the dashboard's
 * KPIs and chart and the QR list's counts read these few rows, never the scans themselves, so
 * they cost the same at a thousand scans and at a million. Kept by a trigger on `scans` (custom
 * migration `0009_scan_days_custom`) in the same transaction as the scan, whoever writes it.
 * `qr_code_id` has no foreign key on purpose: a deleted QR code's counts stay in the business's
 * totals (scans keep counting when their QR code is gone). A few rows per key (`part`,
 * rollups.ts): readers sum them.
 */
export const scanDays = pgTable(
  "scan_days",
  {
    userId: owner(),
    businessId: business(),
    qrCodeId: integer("qr_code_id"),
    day: date("day", { mode: "string" }).notNull(),
    part: rollupPart(),
    joins: integer("joins").notNull().default(0),
    stamps: integer("stamps").notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
  },
  (t) => [
    unique("scan_days_key").on(t.businessId, t.qrCodeId, t.day, t.part).nullsNotDistinct(),
    // The counts are in the indexes so the sums are index-only scans (a year of days of a
    // business's rows lies scattered over the table's pages, each a heap fetch otherwise).
    index("scan_days_user_day_idx").on(t.userId, t.day, t.joins, t.stamps, t.redeems),
    index("scan_days_qr_idx").on(t.qrCodeId, t.joins, t.stamps, t.redeems),
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
/** What a card's history records. */
export const CARD_EVENT_KINDS = ["join", "stamp", "redeem", "adjust", "flag", "expire", "referral", "import"] as const;
export type CardEventKind = (typeof CARD_EVENT_KINDS)[number];
/** The events whose positive delta the card earned (a join's first stamp or visit points, a bonus, a correction up). */
export const EARNING_EVENTS: readonly CardEventKind[] = ["join", "stamp", "referral", "adjust"];
/** The events whose delta the card spent (expiries and corrections down are neither). */
export const SPENDING_EVENTS: readonly CardEventKind[] = ["redeem"];

export const cardEvents = pgTable(
  "card_events",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CARD_EVENT_KINDS }).notNull(),
    /** The balance added (+) or removed (-) by this event, in `unit`; 0 for a flag. */
    delta: integer("delta").notNull().default(0),
    stampsAfter: integer("stamps_after").notNull(),
    /** The unit of `delta` and `stamps_after`: the programme's kind when the event happened. */
    unit: text("unit", { enum: KIND_NAMES }).notNull().default(DEFAULT_KIND),
    /** The purchase amount the event earned on (minor units), for points and cashback. */
    amount: bigint("amount", { mode: "number" }),
    /** A points redeem: the option it bought. */
    rewardOptionId: integer("reward_option_id").references(() => rewardOptions.id, { onDelete: "set null" }),
    reason: text("reason"),
    /** The engine's reason as data, for each reader's language (null: a correction's own text, or none). */
    reasonParts: jsonb("reason_parts").$type<ReasonPart[]>(),
    /** What a happy hour added to this earn beyond the base (and level) earn, in `unit`; 0: none. */
    promotionExtra: integer("promotion_extra").notNull().default(0),
    /** Who made the change; `actor_user_id`, `api_key_id` or `pos_connection_id` names it. */
    actor: text("actor", { enum: ACTOR_KINDS }).notNull().default("customer"),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    posConnectionId: integer("pos_connection_id").references(() => posConnections.id, { onDelete: "set null" }),
    /** The public API key that made the change, when a key did. */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
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
    // The dashboard's happy-hour figure: an owner's extra earns of the last 30 days, without
    // reading every event of the owner (few events have an extra).
    index("card_events_promotion_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.promotionExtra} > 0`),
    // Foreign keys are indexed: deleting a QR code, a staff member, a business or an
    // owner sets or deletes their events without reading the whole log.
    index("card_events_business_idx").on(t.businessId),
    index("card_events_user_idx").on(t.userId),
    index("card_events_actor_idx")
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
    index("card_events_api_key_idx")
      .on(t.apiKeyId)
      .where(sql`${t.apiKeyId} is not null`),
    index("card_events_pos_connection_idx")
      .on(t.posConnectionId)
      .where(sql`${t.posConnectionId} is not null`),
    index("card_events_qr_code_idx")
      .on(t.qrCodeId)
      .where(sql`${t.qrCodeId} is not null`),
    index("card_events_reward_option_idx")
      .on(t.rewardOptionId)
      .where(sql`${t.rewardOptionId} is not null`),
    // The dashboard's points and cashback figures: only those programmes' events.
    index("card_events_programme_idx")
      .on(t.userId, t.unit, t.kind, t.businessId)
      .where(sql`${t.unit} <> ${sql.raw(kindLiteral(DEFAULT_KIND))}`),
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
    index("counter_devices_user_idx").on(t.userId),
  ],
);

/**
 * The counter-events streams open now, on every API instance: a session or tablet holds at most a
 * few (counter-streams.ts). Each row is a lease its instance renews with the stream's heartbeat, so
 * the streams of an instance that died stop counting when their leases run out.
 */
export const counterStreams = pgTable(
  "counter_streams",
  {
    id: serial("id").primaryKey(),
    /** `session:<api token id>` or `device:<counter device id>`. */
    holder: text("holder").notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
  },
  (t) => [index("counter_streams_holder_idx").on(t.holder), index("counter_streams_lease_idx").on(t.leaseUntil)],
);

/**
 * A referral bonus due (engine/referral.ts): paid at once, or held for the owner's review (more
 * than the referrer's daily allowance, or a device another friend of the referrer joined on) and
 * then approved (paid) or rejected. One per friend's card. The amounts are in `unit`: stamps,
 * points or cashback's minor units.
 */
export const referralBonuses = pgTable(
  "referral_bonuses",
  {
    id: serial("id").primaryKey(),
    userId: owner(),
    businessId: business(),
    friendCardId: integer("friend_card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    referrerCardId: integer("referrer_card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["paid", "held", "approved", "rejected"] }).notNull(),
    /** Why it was held: more bonuses in 24 hours than allowed, or a device another friend used. */
    heldReason: text("held_reason", { enum: ["daily_limit", "shared_device"] }),
    referrerBonus: integer("referrer_bonus").notNull(),
    friendBonus: integer("friend_bonus").notNull(),
    unit: text("unit", { enum: KIND_NAMES }).notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referral_bonuses_friend_unique").on(t.friendCardId),
    index("referral_bonuses_referrer_idx").on(t.referrerCardId, t.createdAt),
    index("referral_bonuses_user_idx").on(t.userId, t.id),
    index("referral_bonuses_business_idx").on(t.businessId),
    index("referral_bonuses_reviewed_by_idx")
      .on(t.reviewedBy)
      .where(sql`${t.reviewedBy} is not null`),
  ],
);

/**
 * The contacts of an owner's deleted customers, as keyed hashes (never the email or phone itself):
 * a friend who comes back through a referral link with them is not a new customer, and earns no
 * one a referral bonus.
 */
export const formerContacts = pgTable(
  "former_contacts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contactHash: text("contact_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("former_contacts_unique").on(t.userId, t.contactHash)],
);
