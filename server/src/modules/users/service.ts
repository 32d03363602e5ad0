import { eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { profileUpdateBody } from "../../../../contract/auth";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { invalid } from "../../http/errors";
import { actingOwnerId, type AuthUser } from "../../http/auth";
import { hashSecret, verifySecret } from "../../crypto";
import { limits, type RateLimiter } from "../../services/rate-limit";
import type { Sentence } from "../../i18n/sentence";
import { revokeTokens } from "../auth/tokens";
import { toProfile } from "../auth/profile";
import { statusPaymentOf } from "../payments/status";

/** What the users module uses that the composition root (app.ts) creates. */
export type UserDeps = { db: Db; limiter: RateLimiter };

/** A signed-in user's profile, with the plan status of the owner they act for. */
export async function profileOf(db: Db, user: AuthUser, row: typeof users.$inferSelect = user) {
  return toProfile({ ...row, statusPayment: await statusPaymentOf(db, actingOwnerId(user)) });
}

export async function updateProfile(db: Db, user: AuthUser, body: z.output<typeof profileUpdateBody>) {
  const [updated] = await db
    .update(users)
    .set({ name: body.name, phoneNumber: body.phone_number, locale: body.locale, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return profileOf(db, user, updated!);
}

/** Checks the signed-in user's password; wrong guesses are limited like logins. */
export async function checkPassword(
  deps: UserDeps,
  user: AuthUser,
  password: string,
  field: string,
  message: Sentence,
) {
  const attempt = await deps.limiter.attempt([[`password-check:user:${user.id}`, limits.passwordChecksPerUser]]);
  if (!(await verifySecret(user.passwordHash, password))) throw invalid(field, message);
  await attempt.succeeded();
}

export async function updatePassword(db: Db, user: AuthUser, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashSecret(password), updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  // Other devices signed in with the old password are signed out; this one stays.
  await revokeTokens(db, user.id, user.tokenId);
}

/** Deletes the account (softly); the owner's staff accounts go with the owner. */
export async function deleteAccount(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    const gone = await tx
      .update(users)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(or(eq(users.id, userId), eq(users.ownerId, userId)))
      .returning({ id: users.id });
    for (const { id } of gone) await revokeTokens(tx, id);
  });
}
