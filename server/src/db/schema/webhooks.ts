import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * An owner's webhook endpoint: the URL, the public event types it hears, and its
 * signing secret (`whsec_…`). The secret is kept as it was shown: the server signs every
 * delivery with it (HMAC), so a one-way hash cannot do, and the API server has no key of its own
 * to encrypt it with. It is never answered again after webhook-add and webhook-rotate-secret.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    /** The first failure of the current run of failures; null once a delivery succeeds. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Failing for 5 days: nothing is sent to it any more (a successful test event turns it back on). */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId)],
);

/**
 * One event for one endpoint, and the state of its delivery. `webhook_id` is the Standard
 * Webhooks `webhook-id`: the same on every attempt, so the receiver can drop a second delivery.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    webhookId: text("webhook_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastDurationMs: integer("last_duration_ms"),
    /** A short excerpt of what went wrong (the answer's first bytes, or the network error). */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_webhook_id_unique").on(t.webhookId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, sql`${t.id} desc`),
  ],
);
