import { and, eq, gt, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { channelSends } from "../../db/schema";

/** The lock namespace of a card's marketing sends (pg_advisory_xact_lock's first key). */
const CAP_LOCK = 730_241;

/**
 * Holds the cards' marketing locks until `tx` ends: two messages deciding about the same card
 * take turns, so the second counts the first's sends. Taken in card order (no deadlock).
 */
export async function lockMarketing(tx: Db, cardIds: number[]) {
  if (cardIds.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CAP_LOCK}, id) from unnest(${`{${cardIds.join(",")}}`}::int[]) as id order by id`,
  );
}

/**
 * How many marketing messages each card got in the last 7 days, across channels (a message on two
 * channels counts once), besides `purpose` itself. A send skipped or refused for good is not one.
 */
export async function marketingThisWeek(tx: Db, cardIds: number[], purpose: string): Promise<Map<number, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = await tx
    .select({ cardId: channelSends.cardId, n: sql<number>`count(distinct ${channelSends.purpose})::int` })
    .from(channelSends)
    .where(
      and(
        inArray(channelSends.cardId, cardIds),
        eq(channelSends.marketing, true),
        notInArray(channelSends.status, ["skipped", "failed"]),
        ne(channelSends.purpose, purpose),
        gt(channelSends.createdAt, sql`now() - interval '7 days'`),
      ),
    )
    .groupBy(channelSends.cardId);
  return new Map(rows.map((r) => [r.cardId, r.n]));
}
