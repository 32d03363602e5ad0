import { sql } from "drizzle-orm";
import { DEFAULT_KIND, KIND_NAMES } from "../../../../contract/kinds";
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";
import { cards } from "./loyalty";
import { posConnections } from "./pos-connections";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * What each order earned, once per business whatever is retried: the till's webhooks and
 * the public API's earn insert here first, in the earn's transaction, so a second delivery finds
 * the row and earns nothing. `earned` is its amount part plus its visit part (`visit_earned`: a
 * stamp, visit points); refunds take back the amount part in proportion to `refunded_amount` of
 * `total`, and the visit part once the refunds reach the total (order-earn.ts).
 */
export const orderEarns = pgTable(
  "order_earns",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    /** Null once the card is deleted: the order stays earned (a retry must not earn again). */
    cardId: integer("card_id").references(() => cards.id, { onDelete: "set null" }),
    source: text("source", { enum: ["api", "shopify", "square"] }).notNull(),
    connectionId: integer("connection_id").references(() => posConnections.id, { onDelete: "set null" }),
    /** The public API's key that earned it (no foreign key here: the keys are the v1 helper's table). */
    apiKeyId: integer("api_key_id"),
    earned: integer("earned").notNull().default(0),
    unit: text("unit", { enum: KIND_NAMES }).notNull().default(DEFAULT_KIND),
    /** The order's amount in minor units, when it earned by amount. */
    amount: bigint("amount", { mode: "number" }),
    /** The order's total in minor units of the business's currency (whatever it earned by), when known. */
    total: bigint("total", { mode: "number" }),
    /** The part of `earned` that is the visit's (a stamp, visit points): taken back only by a full refund. */
    visitEarned: integer("visit_earned").notNull().default(0),
    /** What refunds took back so far, in `unit`. */
    refunded: integer("refunded").notNull().default(0),
    /** What the order's refunds returned so far, in minor units (at most `total`). */
    refundedAmount: bigint("refunded_amount", { mode: "number" }).notNull().default(0),
    /** The latest refund. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_earns_business_order_unique").on(t.businessId, t.orderId),
    index("order_earns_user_idx").on(t.userId),
    index("order_earns_card_idx")
      .on(t.cardId)
      .where(sql`${t.cardId} is not null`),
    index("order_earns_connection_idx")
      .on(t.connectionId, t.createdAt, t.id)
      .where(sql`${t.connectionId} is not null`),
  ],
);

/**
 * The refunds of an order, once each whatever is redelivered: the platform's own refund id, what it
 * returned (minor units) and what it took back (`taken`, in the order's unit).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderEarnId: integer("order_earn_id")
      .notNull()
      .references(() => orderEarns.id, { onDelete: "cascade" }),
    refundId: text("refund_id").notNull(),
    amount: bigint("amount", { mode: "number" }),
    taken: integer("taken").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("order_refunds_unique").on(t.orderEarnId, t.refundId)],
);

/**
 * A Square customer's email and phone as the Customers API answered them, per connection: a
 * customer's next payments earn without asking Square again.
 */
export const squareCustomers = pgTable(
  "square_customers",
  {
    id: serial("id").primaryKey(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => posConnections.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull(),
    email: text("email"),
    phone: text("phone"),
    name: text("name"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("square_customers_unique").on(t.connectionId, t.customerId)],
);

/** Why a connection's order earned nothing. */
export const POS_SKIP_REASONS = ["unknown-customer", "currency", "bad-amount", "above-limit"] as const;

/**
 * Orders a connection received that earned nothing: no card for the customer (listed for the owner,
 * never enrolled silently), another currency than the business's (or none), a total that is not
 * an amount, or one the business's rules refuse. Once per connection and order.
 */
export const posSkippedOrders = pgTable(
  "pos_skipped_orders",
  {
    id: serial("id").primaryKey(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => posConnections.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    reason: text("reason", { enum: POS_SKIP_REASONS }).notNull(),
    email: text("email"),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pos_skipped_orders_unique").on(t.connectionId, t.orderId)],
);
