import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards } from "./loyalty";

/** The channels a message reaches a card on (contract/card-preferences.ts CHANNELS). */
export const SEND_CHANNELS = ["pass", "push", "email", "sms"] as const;

/**
 * What happened to a send: `claimed` before the provider is called, then `sent`; `failed` when the
 * provider refused it for good (an SMTP 5xx); `unknown` when the outcome is not known (a 4xx, a
 * timeout, a dropped connection): never sent again blindly; `skipped` when the card refused the
 * channel or the weekly cap held it back.
 */
export const SEND_STATUSES = ["claimed", "sent", "failed", "unknown", "skipped"] as const;

/** What Twilio's status callbacks say of a message (MessageStatus), as kept on its send. */
export const SMS_DELIVERY_STATUSES = [
  "accepted",
  "scheduled",
  "queued",
  "sending",
  "sent",
  "delivered",
  "undelivered",
  "failed",
  "read",
  "canceled",
] as const;

/**
 * One message to one card on one channel, claimed before the provider call: the unique key
 * (card, channel, purpose) makes every send happen at most once. `purpose`: `your-card`, or
 * `message:<id>` for an owner's message. Marketing sends count toward the weekly cap.
 */
export const channelSends = pgTable(
  "channel_sends",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: SEND_CHANNELS }).notNull(),
    purpose: text("purpose").notNull(),
    marketing: boolean("marketing").notNull().default(false),
    status: text("status", { enum: SEND_STATUSES }).notNull().default("claimed"),
    /**
     * Why it failed or was skipped (`bounced`, `opted_out`, `no_consent`, `weekly_cap`, an SMTP code;
     * SMS: `no_phone`, `allowance`, `not_configured`, `twilio_<code>`; pass and push: `unregistered`,
     * `refused`, `unreachable` when an Apple pass push was refused until its retries gave up).
     */
    reason: text("reason"),
    /** SMS: the provider's id of the message (Twilio's `SM…` sid), the key of its status callbacks. */
    providerId: text("provider_id"),
    /** SMS: the segments the body takes (GSM-7 or UCS-2), counted toward the plan's monthly allowance. */
    segments: integer("segments"),
    /** SMS: the provider's last delivery status (queued, sent, delivered, undelivered, failed). */
    delivery: text("delivery", { enum: SMS_DELIVERY_STATUSES }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("channel_sends_once").on(t.cardId, t.channel, t.purpose),
    // The weekly cap counts a card's recent marketing sends.
    index("channel_sends_card_recent_idx").on(t.cardId, t.createdAt),
    index("channel_sends_business_idx").on(t.businessId),
    index("channel_sends_user_idx").on(t.userId),
    // A message's counts per channel (notification-list's delivery figures).
    index("channel_sends_purpose_idx").on(t.purpose, t.channel),
    uniqueIndex("channel_sends_provider_id_unique")
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
  ],
);
