import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { ApiKeyScope } from "../../../contract/api-keys";
import type { Db } from "../db/client";
import { apiKeys, users } from "../db/schema";
import { sha256 } from "../crypto";

/** Who calls the public API: a live key of a live owner. */
export type ApiKeyCaller = { keyId: number; ownerId: number; scopes: ApiKeyScope[] };

/** The shape of a key; a session token never has it, so it never opens /v1. */
export const API_KEY_PATTERN = /^Bearer\s+(lc_(?:live|test)_[A-Za-z0-9_-]{43})$/i;

/** Reads `Authorization: Bearer lc_…` and resolves a key that is not revoked, or null. */
export async function authenticateApiKey(db: Db, request: FastifyRequest): Promise<ApiKeyCaller | null> {
  const match = request.headers.authorization?.match(API_KEY_PATTERN);
  if (!match?.[1]) return null;
  const [row] = await db
    .select({ id: apiKeys.id, ownerId: apiKeys.userId, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, sha256(match[1])), isNull(apiKeys.revokedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return null;
  // At most one write a minute: "last used" is for the owner's list, not an audit log.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.id));
  }
  return { keyId: row.id, ownerId: row.ownerId, scopes: row.scopes as ApiKeyScope[] };
}
