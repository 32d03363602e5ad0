import { eq, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { users } from "../../db/schema";
import { invalid } from "../../http/errors";
import { actingOwnerId, type AuthUser } from "../../http/auth";
import { route } from "../../http/route";
import { hashSecret, verifySecret } from "../../crypto";
import { limits } from "../../services/rate-limit";
import { revokeTokens } from "../auth/tokens";
import { statusPaymentOf } from "../payments/status";
import { toProfile } from "../auth/profile";
import type { Sentence } from "../../i18n/sentence";

export function userRoutes(app: FastifyInstance) {
  const withStatus = async (user: AuthUser, row: typeof users.$inferSelect) => ({
    ...row,
    statusPayment: await statusPaymentOf(app.db, actingOwnerId(user)),
  });

  route(app, calls.userProfile, async ({ user }) => ({
    message: "profile.show",
    data: toProfile(await withStatus(user, user)),
  }));

  route(app, calls.profileUpdate, async ({ user, body }) => {
    const [updated] = await app.db
      .update(users)
      .set({ name: body.name, phoneNumber: body.phone_number, locale: body.locale, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    return { message: "profile.updated", data: toProfile(await withStatus(user, updated!)) };
  });

  /** Checks the signed-in user's password; wrong guesses are limited like logins. */
  async function checkPassword(user: AuthUser, password: string, field: string, message: Sentence) {
    const attempt = await app.limiter.attempt([[`password-check:user:${user.id}`, limits.passwordChecksPerUser]]);
    if (!(await verifySecret(user.passwordHash, password))) throw invalid(field, message);
    await attempt.succeeded();
  }

  route(app, calls.passwordUpdate, async ({ user, body }) => {
    await checkPassword(user, body.current_password, "current_password", "profile.wrongCurrentPassword");
    await app.db
      .update(users)
      .set({ passwordHash: await hashSecret(body.password), updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // Other devices signed in with the old password are signed out; this one stays.
    await revokeTokens(app.db, user.id, user.tokenId);
    return { message: "profile.passwordUpdated" };
  });

  route(app, calls.userSoftDelete, async ({ user, body }) => {
    await checkPassword(user, body.password, "password", "profile.wrongPassword");
    await app.db.transaction(async (tx) => {
      // The owner's staff accounts go with the owner.
      const gone = await tx
        .update(users)
        .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
        .where(or(eq(users.id, user.id), eq(users.ownerId, user.id)))
        .returning({ id: users.id });
      for (const { id } of gone) await revokeTokens(tx, id);
    });
    return { message: "profile.deleted" };
  });
}
