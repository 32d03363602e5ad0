import { index, integer, numeric, pgTable, serial, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { productCategories } from "./businesses";
import { rewards } from "./loyalty";

/**
 * How a product category earns on one programme: its lines' amounts count `multiplier` times
 * (0: not at all) before the programme's rate (engine/earn.ts `lineEarnAmount`). One rule per
 * category and programme; the category's lines earn at the base rate on a programme without one.
 */
export const categoryRules = pgTable(
  "category_rules",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    productCategoryId: integer("product_category_id")
      .notNull()
      .references(() => productCategories.id, { onDelete: "cascade" }),
    rewardId: integer("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    multiplier: numeric("multiplier", { precision: 4, scale: 2 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("category_rules_category_reward_unique").on(t.productCategoryId, t.rewardId),
    index("category_rules_user_idx").on(t.userId, t.id),
    index("category_rules_reward_idx").on(t.rewardId),
  ],
);
