import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { KindName } from "../../../../contract/kinds";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards, customers } from "./loyalty";
import { payments } from "./payments";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * What a feed entry says besides its references, none of it personal: the reward's title, a
 * payment's amount, an alert's reason, the owner's own broadcast.
 */
export type FeedDetails = {
  reward?: string;
  amountMinor?: number;
  currency?: string;
  reason?: string | null;
  message?: string;
  /** A broadcast's own title (message): the feed's title is made from it in the reader's language. */
  title?: string;
  /** A webhook endpoint's URL (webhook_disabled). */
  url?: string;
  /** A till order's id at its platform (refund_short). */
  order?: string;
  /** How much of a balance (refund_short: what a refund could not take back), in `unit`. */
  count?: number;
  unit?: KindName;
};

/**
 * The owner's feed: what happened (a new card, a reward redeemed, a
 * payment, a staff member joining, the owner's own broadcast). notification-clear deletes the rows.
 *
 * An entry points at what it is about: the card, its customer, the business, the
 * payment, the staff member; its sentence is made when read (notifications/feed-text.ts), with the
 * names as they are then. No name is copied into a row, so erasing a customer touches only their
 * references (set null: "A deleted customer"). `text` is the sentence of entries written before
 * that, kept as it was; new entries leave it null.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** Entries written before the feed stored references only: their sentence as written then. */
    text: text("text"),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "set null" }),
    cardId: integer("card_id").references(() => cards.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    details: jsonb("details").$type<FeedDetails>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index("notifications_business_idx")
      .on(t.businessId)
      .where(sql`${t.businessId} is not null`),
    // Deleting a card, customer, payment or user sets its references null through these.
    index("notifications_card_idx")
      .on(t.cardId)
      .where(sql`${t.cardId} is not null`),
    index("notifications_customer_idx")
      .on(t.customerId)
      .where(sql`${t.customerId} is not null`),
    index("notifications_payment_idx")
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index("notifications_staff_user_idx")
      .on(t.staffUserId)
      .where(sql`${t.staffUserId} is not null`),
  ],
);

/**
 * Counts of an owner's rows that grow without bound, kept by triggers on those tables (custom
 * migration `0009_scan_days_custom`) in the writing transaction: the feed pages from either end
 * and the dashboard shows its customers without counting a long history.
 */
export const ownerCounts = pgTable("owner_counts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notifications: integer("notifications").notNull().default(0),
  customers: integer("customers").notNull().default(0),
});

/**
 * The owner's messages to the holders of a business's cards (notification-add). Kept apart from
 * the feed: clearing the feed must not take messages off customers' cards.
 */
export const businessMessages = pgTable(
  "business_messages",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /**
     * Who it was for: `all` reaches every card of the business, also cards that join
     * later; any other segment reached exactly the cards in `message_recipients`.
     */
    segment: text("segment").notNull().default("all"),
    /** The N of the inactive and new segments. */
    segmentDays: integer("segment_days"),
    /** The channels the owner picked (contract/card-preferences.ts CHANNELS). */
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{pass,push}'::text[]`),
    /**
     * An owner's message or a marketing automation's: counted toward the weekly cap and held by it
     * (notifications/weekly-cap.ts). False for notices (a level move, an expiry notice).
     */
    marketing: boolean("marketing").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("business_messages_user_idx").on(t.userId, t.id),
    index("business_messages_business_idx").on(t.businessId, t.id),
    // A card's messages (notifications/messages.ts): the broadcasts, newest first, without walking
    // past the segment and automation messages in between.
    index("business_messages_broadcast_idx")
      .on(t.businessId, t.id)
      .where(sql`${t.segment} = 'all'`),
  ],
);

/** The cards a segmented message reached, fixed when it was sent. */
export const messageRecipients = pgTable(
  "message_recipients",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => businessMessages.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.cardId] }),
    index("message_recipients_card_idx").on(t.cardId, t.messageId),
  ],
);

/**
 * A browser's Firebase Cloud Messaging token, for an owner's dashboard or for a card. FCM needs the
 * raw token to send, so it is stored as it is (and never logged). Exactly one of user or card.
 */
export const pushTokens = pgTable(
  "push_tokens",
  {
    id: serial("id").primaryKey(),
    token: text("token").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    cardId: integer("card_id").references(() => cards.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("push_tokens_target_unique").on(t.token, t.userId, t.cardId).nullsNotDistinct(),
    index("push_tokens_user_idx").on(t.userId),
    index("push_tokens_card_idx").on(t.cardId),
    check("push_tokens_one_target", sql`(${t.userId} is null) <> (${t.cardId} is null)`),
  ],
);
