import { customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Raw bytes: node-postgres answers a Buffer (a Uint8Array from another driver becomes one). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (logos), kept in the database so every API instance can serve them.
 * Stored re-encoded and stripped of metadata; never changed after upload (new logo, new row),
 * which is what lets them be cached as immutable.
 */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    /** sha256 of the stored bytes: the ETag. */
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("files_user_idx").on(t.userId)],
);
