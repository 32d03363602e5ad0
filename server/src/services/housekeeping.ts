import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { otps, passwordResets, rateLimits } from "../db/schema";

/** Deletes rows that can no longer matter: spent rate-limit windows, codes and reset tokens a day past expiry. */
export async function prune(db: Db): Promise<{ rateLimits: number; otps: number; passwordResets: number }> {
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
  return { rateLimits: limits.length, otps: codes.length, passwordResets: resets.length };
}

export const PRUNE_EVERY_MS = 60 * 60 * 1000;
