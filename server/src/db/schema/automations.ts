import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards } from "./loyalty";
import { businessMessages } from "./notifications";
import { offers } from "./offers";

/**
 * An owner's automated message for one business: win-back, birthday, near-reward,
 * welcome or about-to-expire, on or off, with its text (placeholders {name},
 * {business}, {stamps_left}).
 */
export const automations = pgTable(
  "automations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["win_back", "birthday", "near_reward", "welcome", "about_to_expire"] }).notNull(),
    enabled: boolean("enabled").notNull().default(false),
    /** Win-back: days without a visit. */
    days: integer("days"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** Win-back: the win_back offer whose voucher it issues when it fires (null: none). */
    offerId: integer("offer_id").references(() => offers.id, { onDelete: "set null" }),
    /** Off: a win-back with an offer issues its voucher without the message. */
    sendMessage: boolean("send_message").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automations_business_kind_unique").on(t.businessId, t.kind),
    index("automations_user_idx").on(t.userId),
    index("automations_offer_idx")
      .on(t.offerId)
      .where(sql`${t.offerId} is not null`),
  ],
);

/**
 * What an automation sent to whom. `period` is the once-per-customer key (the year for a
 * birthday, the lapse's last visit for a win-back, the reward cycle for near-reward, `once` for
 * welcome, the expiry date for about-to-expire): the unique index makes a second run, on any
 * instance, send nothing twice.
 */
export const automationSends = pgTable(
  "automation_sends",
  {
    id: serial("id").primaryKey(),
    automationId: integer("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    cardId: integer("card_id").references(() => cards.id, { onDelete: "set null" }),
    messageId: integer("message_id").references(() => businessMessages.id, { onDelete: "set null" }),
    period: text("period").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automation_sends_once_unique").on(t.automationId, t.cardId, t.period),
    index("automation_sends_automation_idx").on(t.automationId, t.id),
    // Foreign keys are indexed (foreign-key-indexes.test.ts); partial where mostly null.
    index("automation_sends_card_idx")
      .on(t.cardId)
      .where(sql`${t.cardId} is not null`),
    index("automation_sends_message_idx")
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);
