import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { apiTokens, users } from "../db/schema";
import { sha256 } from "../crypto";
import { reusableSelect } from "../db/reusable-select";

/** A token unused this long stops working (the web session cookie lives 14 days). */
export const TOKEN_IDLE_DAYS = 30;

/** When a token was last active, and the moment before which that is too long ago. */
export const tokenLastActive = sql`coalesce(${apiTokens.lastUsedAt}, ${apiTokens.createdAt})`;
export const tokenIdleCutoff = sql`now() - make_interval(days => ${TOKEN_IDLE_DAYS})`;

export type AuthUser = typeof users.$inferSelect & { tokenId: number };

/** The live token of a live user with this hash: built once (db/reusable-select.ts), run on every call. */
const liveToken = reusableSelect("authenticate", (db) =>
  db
    .select({ user: users, tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder("hash")),
        isNull(apiTokens.revokedAt),
        isNull(users.deletedAt),
        gt(tokenLastActive, tokenIdleCutoff),
      ),
    )
    .limit(1)
    .$dynamic(),
);

/** Reads `Authorization: Bearer …` and resolves a live token of a live user, or null. */
export async function authenticate(db: Db, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  // The scheme name is case-insensitive (RFC 9110, section 11.1).
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/i);
  if (!match?.[1]) return null;
  const [row] = await liveToken(db, { hash: sha256(match[1]) });
  if (!row) return null;
  // Record use at most once a minute: one write per request would be wasted work.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiTokens.id, row.tokenId));
  }
  return { ...row.user, tokenId: row.tokenId };
}

/** The business owner a user acts for: themselves, or the owner who invited them (staff). */
export const actingOwnerId = (user: AuthUser) => (user.role === "staff" ? user.ownerId! : user.id);
