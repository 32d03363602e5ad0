import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * An owner's keys to the public API. The key is answered once; only its sha256 and
 * a visible prefix (what the owner recognises it by in the list) are kept.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters, e.g. `lc_live_AbC1`. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_unique").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);

/**
 * Answers kept for `Idempotency-Key` (server/src/http/idempotency.ts): per scope (an owner or an
 * API key) and key, the request's hash and, once it finished, its answer. The unique index is what
 * lets exactly one of two concurrent duplicates run.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    /** `user:<id>`, `key:<api key id>` or `card:<sha256 of the device's secrets>`. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Null while the first request runs. */
    statusCode: integer("status_code"),
    answer: jsonb("answer"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_scope_key_unique").on(t.scope, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
