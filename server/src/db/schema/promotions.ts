import { date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { rewards } from "./loyalty";

/**
 * A happy hour of one reward: on its weekdays (0 Sunday … 6 Saturday) from `start_time` until
 * `end_time` ("HH:MM", the business's time zone), between `starts_on` and `ends_on` when set, an
 * earn is multiplied by `multiplier` and/or gets `bonus` more (engine/boost.ts). Deleted outright:
 * the history names a promotion in its words, not by reference.
 */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    rewardId: integer("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    multiplier: numeric("multiplier", { precision: 4, scale: 2 }),
    bonus: integer("bonus"),
    weekdays: integer("weekdays").array().notNull(),
    startTime: text("start_time").notNull(),
    endTime: text("end_time").notNull(),
    startsOn: date("starts_on"),
    endsOn: date("ends_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotions_user_idx").on(t.userId, t.id),
    index("promotions_business_idx").on(t.businessId),
    index("promotions_reward_idx").on(t.rewardId),
  ],
);
