import { sql, type SQL } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";

/**
 * The one "reward ready" rule (issue 18 §10): a card's reward is ready once its stamps reach what
 * the reward it collects for requires. No reward (none active): never ready. The card page, the
 * scanner's answer, the wallet passes, the directory's flag and the segments all ask here, so the
 * "Reward ready" a customer sees and the one the owner counts cannot drift apart.
 */
export function rewardReady(stamps: number, stampsRequired: number | null | undefined): boolean {
  return stampsRequired !== null && stampsRequired !== undefined && stamps >= stampsRequired;
}

/**
 * The same rule in SQL, over a card's stamps and its reward's requirement (columns or
 * expressions). Null when the requirement is null (no reward): callers that need a boolean wrap it
 * in `coalesce(…, false)`, as `where` does by itself.
 */
export function rewardReadySql(stamps: SQL | AnyColumn, stampsRequired: SQL | AnyColumn): SQL<boolean | null> {
  return sql<boolean | null>`(${stamps} >= ${stampsRequired})`;
}
