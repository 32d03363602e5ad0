import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Locale } from "../../../../contract/locales";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Always stored lower-case: email is unique case-insensitively. */
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["owner", "staff"] })
      .notNull()
      .default("owner"),
    ownerId: integer("owner_id").references((): AnyPgColumn => users.id),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** The owner's language (contract/locales.ts): the dashboard and their mails; null: the browser's, English mails. */
    locale: text("locale").$type<Locale>(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A soft-deleted account frees its email for a new registration.
    uniqueIndex("users_email_live_unique")
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    index("users_owner_idx").on(t.ownerId),
  ],
);

/** What a registration code confirms: the account is created from it only when the code is verified. */
export type PendingRegistration = { name: string; phone_number: string; password_hash: string };

export const otps = pgTable(
  "otps",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: ["register", "forgot-password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    /** Register codes: the registration this code was sent for (a newer one gets a new code). */
    registration: jsonb("registration").$type<PendingRegistration>(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("otps_email_purpose_idx").on(t.email, t.purpose, t.createdAt)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** sha256 of the token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId)],
);

/** Issued by a verified forgot-password code; spent by reset-password. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_hash_unique").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);

/** Fixed-window counters shared by every API instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/** Mail kept when no SMTP server is configured (and readable by the operator). */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: createdAt(),
});
