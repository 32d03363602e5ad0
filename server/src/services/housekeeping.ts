import { lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiTokens, otps, passwordResets, rateLimits } from "../db/schema";
import { tokenIdleCutoff, tokenLastActive } from "../http/auth";

/**
 * Deletes rows that can no longer matter: spent rate-limit windows, codes and reset tokens a day
 * past expiry, and API tokens revoked or idle for longer than TOKEN_IDLE_DAYS.
 */
export async function prune(
  db: Db,
): Promise<{ rateLimits: number; otps: number; passwordResets: number; apiTokens: number }> {
  const dayAgo = sql`now() - interval '1 day'`;
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  const codes = await db.delete(otps).where(lt(otps.expiresAt, dayAgo)).returning({ id: otps.id });
  const resets = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, dayAgo))
    .returning({ id: passwordResets.id });
  const tokens = await db
    .delete(apiTokens)
    .where(or(lt(apiTokens.revokedAt, tokenIdleCutoff), lt(tokenLastActive, tokenIdleCutoff)))
    .returning({ id: apiTokens.id });
  return { rateLimits: limits.length, otps: codes.length, passwordResets: resets.length, apiTokens: tokens.length };
}

export const PRUNE_EVERY_MS = 60 * 60 * 1000;
