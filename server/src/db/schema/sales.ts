import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards } from "./loyalty";
import { posConnections } from "./pos-connections";

export const SALE_KINDS = ["sale", "refund"] as const;

/**
 * Every verified paid order and refund a till sent, whether it earned or not (stamp programmes,
 * skipped orders, unknown customers): the owner's revenue figures read these. Once per business,
 * order and refund (`refund_id` is '' for the sale itself), whatever is redelivered. `amount` is
 * in minor units of `currency` (null when the till gave no readable amount); a refund's amount is
 * what it returned, positive. `card_id` is the paying customer's card here, when there is one.
 */
export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    connectionId: integer("connection_id").references(() => posConnections.id, { onDelete: "set null" }),
    kind: text("kind", { enum: SALE_KINDS }).notNull(),
    orderId: text("order_id").notNull(),
    refundId: text("refund_id").notNull().default(""),
    cardId: integer("card_id").references(() => cards.id, { onDelete: "set null" }),
    amount: bigint("amount", { mode: "number" }),
    currency: text("currency"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sales_order_unique").on(t.businessId, t.orderId, t.refundId),
    // The figures read a business's period; the amounts are in the index so the sums stay index-only.
    index("sales_business_time_idx").on(t.businessId, t.occurredAt, t.kind, t.cardId, t.amount),
    index("sales_card_idx")
      .on(t.cardId, t.occurredAt)
      .where(sql`${t.cardId} is not null`),
    index("sales_user_idx").on(t.userId),
    index("sales_connection_idx")
      .on(t.connectionId)
      .where(sql`${t.connectionId} is not null`),
  ],
);
