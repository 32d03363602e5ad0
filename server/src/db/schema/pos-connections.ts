import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { businesses } from "./businesses";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A till or web shop that sends a business its paid orders: Shopify or Square, whose
 * webhooks arrive at /api/hooks/<provider>/<id>. `secret` is the key the platform signs with; it
 * must be read back to verify each HMAC, so it is stored as given (like a QR code's counter
 * secret) and never answered by any call.
 */
export const posConnections = pgTable(
  "pos_connections",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["shopify", "square"] }).notNull(),
    secret: text("secret").notNull(),
    /**
     * Square only: the seller's access token, to read a paying customer's email and phone through
     * Square's Customers API. Stored as given (the server has no key of its own to encrypt it with)
     * and never answered by any call.
     */
    accessToken: text("access_token"),
    /** Orders of customers without a card here enrol them (off: they are only listed). */
    enrolUnknown: boolean("enrol_unknown").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("pos_connections_user_idx").on(t.userId, t.id), index("pos_connections_business_idx").on(t.businessId)],
);
