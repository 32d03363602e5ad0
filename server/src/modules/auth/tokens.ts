import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens, passwordResets } from "../../db/schema";
import { notifyDoorClosed } from "../../services/counter-feed";
import { randomToken, sha256 } from "../../crypto";

export const RESET_TOKEN_TTL_MINUTES = 15;

/** A new bearer token for a user; only its hash is stored. */
export async function issueApiToken(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.insert(apiTokens).values({ userId, tokenHash: sha256(token) });
  return token;
}

/**
 * Revokes every live token of a user, except `keepTokenId` when given. The counter screens their
 * sessions opened check again (and end) once this commits.
 */
export async function revokeTokens(db: Db, userId: number, keepTokenId?: number) {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        keepTokenId === undefined ? undefined : ne(apiTokens.id, keepTokenId),
      ),
    );
  await notifyDoorClosed(db, [userId]);
}

export async function revokeToken(db: Db, tokenId: number) {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(apiTokens.id, tokenId))
    .returning({ userId: apiTokens.userId });
  await notifyDoorClosed(
    db,
    revoked.map((row) => row.userId),
  );
}

export async function issueResetToken(db: Db, userId: number): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResets).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES})`,
  });
  return token;
}

/** Spends a reset token once; answers its user id, or null when unknown, used or expired. */
export async function spendResetToken(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}
