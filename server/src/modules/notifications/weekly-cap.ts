import { and, eq, gt, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Channel } from "../../../../contract/card-preferences";
import type { Db } from "../../db/client";
import { cards, channelSends, pushTokens } from "../../db/schema";
import { outsideControlGroup } from "../insights/control-group";

/** The lock namespace of a card's marketing sends (pg_advisory_xact_lock's first key). */
const CAP_LOCK = 730_241;

/** The reason a held card's sends are skipped with. */
export const WEEKLY_CAP = "weekly_cap";

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
 * channels counts once), besides `purpose` itself. A send skipped or refused for good is not one;
 * a pass or push send decided but not yet answered (`claimed`) is.
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

/** A marketing message or notice as the cap decides it: its key, its channels, whose it is and the cap. */
export type MarketingSend = {
  purpose: string;
  channels: readonly Channel[];
  userId: number;
  businessId: number;
  /** The business's weekly cap (reach settings, 0-3). */
  cap: number;
};

/**
 * The cards among `cardIds` that may get the message on a channel answered after the decision: the
 * pass (every card: its page shows the message) and push (a card with a device that did not turn
 * push off). They get a `claimed` row there when the message reaches them.
 */
async function claimable(tx: Db, channel: Channel, cardIds: number[]): Promise<number[]> {
  if (channel === "pass" || cardIds.length === 0) return cardIds;
  if (channel !== "push") return [];
  const rows = await tx
    .selectDistinct({ id: cards.id })
    .from(cards)
    .innerJoin(pushTokens, eq(pushTokens.cardId, cards.id))
    .where(and(inArray(cards.id, cardIds), isNull(cards.pushOptOutAt)));
  return rows.map((r) => r.id);
}

/**
 * Decides once per card whether a marketing message reaches it or is held by the weekly cap, for
 * every channel of the message, and answers the cards held. Call it in the transaction that then
 * writes or sends the channel's own work: it takes the cards' marketing locks (in card order) until
 * that transaction ends.
 *
 * A card with rows for `purpose` already was decided by the first channel's pipeline: held when
 * one of them is `skipped`/`weekly_cap`. Any other card outside its business's control group is
 * decided now: held when it got `cap` marketing messages in 7 days on any channel. A held card gets
 * a `skipped`/`weekly_cap` row on every channel of the message; a card it reaches gets a `claimed`
 * row on the message's pass, and on its push when it has a device (so a message decided
 * concurrently counts it at once; the answer of the pass or push turns it `sent` or `failed`),
 * email and SMS being claimed by their own dispatcher in this same transaction.
 */
export async function decideMarketing(tx: Db, send: MarketingSend, cardIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(cardIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Set();
  await lockMarketing(tx, ids);
  const written = await tx
    .select({ cardId: channelSends.cardId, reason: channelSends.reason })
    .from(channelSends)
    .where(and(eq(channelSends.purpose, send.purpose), inArray(channelSends.cardId, ids)));
  const held = new Set(written.filter((r) => r.reason === WEEKLY_CAP).map((r) => r.cardId));
  const decided = new Set(written.map((r) => r.cardId));
  const open = ids.filter((id) => !decided.has(id));
  if (open.length === 0) return held;
  // The control group gets no marketing: nothing to decide or count for its cards.
  const outside = (
    await tx
      .select({ id: cards.id })
      .from(cards)
      .where(and(inArray(cards.id, open), outsideControlGroup()))
  ).map((r) => r.id);
  const week = await marketingThisWeek(tx, outside, send.purpose);
  const newlyHeld = outside.filter((id) => (week.get(id) ?? 0) >= send.cap);
  const reached = outside.filter((id) => (week.get(id) ?? 0) < send.cap);
  const base = { userId: send.userId, businessId: send.businessId, purpose: send.purpose, marketing: true };
  const rows: (typeof channelSends.$inferInsert)[] = newlyHeld.flatMap((cardId) =>
    send.channels.map((channel) => ({ ...base, cardId, channel, status: "skipped" as const, reason: WEEKLY_CAP })),
  );
  for (const channel of send.channels) {
    for (const cardId of await claimable(tx, channel, reached)) rows.push({ ...base, cardId, channel });
  }
  if (rows.length > 0) await tx.insert(channelSends).values(rows).onConflictDoNothing();
  for (const id of newlyHeld) held.add(id);
  return held;
}
