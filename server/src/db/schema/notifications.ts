import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards } from "./loyalty";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The owner's feed (product.md §4 Notification): what happened (a new card, a reward redeemed, a
 * payment, a staff member joining, the owner's own broadcast). notification-clear deletes the rows.
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
    text: text("text").notNull(),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "set null" }),
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
     * Who it was for (issue 16): `all` reaches every card of the business, also cards that join
     * later; any other segment reached exactly the cards in `message_recipients`.
     */
    segment: text("segment").notNull().default("all"),
    /** The N of the inactive and new segments. */
    segmentDays: integer("segment_days"),
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
