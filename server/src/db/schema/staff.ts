import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * An owner's team: each row is an invite (token stored as its sha256, 7 days, single use) and,
 * once accepted, points at the staff account it created. delete-staff revokes the row.
 */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    staffUserId: integer("staff_user_id").references(() => users.id),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_invites_token_unique").on(t.tokenHash),
    index("staff_invites_owner_idx").on(t.ownerId),
    index("staff_invites_staff_user_idx")
      .on(t.staffUserId)
      .where(sql`${t.staffUserId} is not null`),
  ],
);
