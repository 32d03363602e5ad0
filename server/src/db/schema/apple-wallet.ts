import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { cards } from "./loyalty";

const card = () =>
  integer("card_id")
    .notNull()
    .references(() => cards.id, { onDelete: "cascade" });

/**
 * The `authenticationToken`s of a card's Apple Wallet passes, stored as sha256. Each download
 * mints one (a pass's token can never change, and only its hash is kept, so a later download
 * cannot repeat it); the phone presents it on every web-service call.
 */
export const applePassTokens = pgTable(
  "apple_pass_tokens",
  {
    id: serial("id").primaryKey(),
    cardId: card(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("apple_pass_tokens_hash_unique").on(t.tokenHash),
    index("apple_pass_tokens_card_idx").on(t.cardId),
  ],
);

/** A phone that asked for updates of a card's pass: APNs pushes go to its push token. */
export const applePassRegistrations = pgTable(
  "apple_pass_registrations",
  {
    id: serial("id").primaryKey(),
    deviceLibraryId: text("device_library_id").notNull(),
    pushToken: text("push_token").notNull(),
    cardId: card(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("apple_pass_registrations_device_card_unique").on(t.deviceLibraryId, t.cardId),
    index("apple_pass_registrations_card_idx").on(t.cardId),
    index("apple_pass_registrations_push_token_idx").on(t.pushToken),
  ],
);
