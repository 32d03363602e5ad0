import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { businesses, cards, customers, rewards } from "../../../db/schema";
import { businessToday, businessTomorrow } from "../day";
import { withHolder } from "../card-holder";
import { chooseReward, type CardState } from "./rules";

const ownReward = alias(rewards, "own_reward");
const newestReward = alias(rewards, "newest_reward");

/** The id of the business's newest active reward (the candidate when a card's own is retired). */
export const newestActiveRewardId = (businessId: number | SQLWrapper) =>
  sql`(select max(nr.id) from ${rewards} nr where nr.business_id = ${businessId} and nr.active)`;

/** A locked card with what its rules and its answers read beside it. */
export type LockedCard = CardState & { names: { customer: string; business: string } };

/**
 * Locks one card's row (`select … for update of cards`) and reads, in the same statement, what
 * the rules decide on: the reward candidates (the card's own, retired or not, is its balance's
 * unit), the business's fraud threshold and currency, its day on the database's clock, and the
 * names an answer shows. Concurrent changes of one card queue on the lock, and each decides on the
 * row as the previous one left it: nothing is lost or doubled, on PostgreSQL and on PGlite (which
 * runs transactions one at a time anyway). Only the card's row is locked: scans of other cards of
 * the business never wait for it.
 */
export async function lockCard(tx: Db, where: SQL | undefined): Promise<LockedCard | undefined> {
  const [row] = await withHolder(
    tx
      .select({
        card: cards,
        own: ownReward,
        newest: newestReward,
        fraudThreshold: businesses.fraudThreshold,
        currency: businesses.currency,
        businessName: businesses.businessName,
        customerName: customers.name,
        now: sql<number>`(extract(epoch from now()) * 1000)::float8`,
        today: sql<string>`${businessToday(cards.businessId)}::text`,
        tomorrow: sql<number>`(extract(epoch from ${businessTomorrow(cards.businessId)}) * 1000)::float8`,
      })
      .from(cards)
      .$dynamic(),
  )
    .leftJoin(ownReward, sql`${ownReward.id} = ${cards.rewardId} and ${ownReward.businessId} = ${cards.businessId}`)
    .leftJoin(newestReward, eq(newestReward.id, newestActiveRewardId(cards.businessId)))
    .where(where)
    .for("update", { of: cards })
    .limit(1);
  if (!row) return undefined;
  return {
    card: row.card,
    reward: chooseReward([row.own, row.newest], row.card.rewardId),
    // The balance is in the unit of the reward the card collected for, even retired.
    unit: row.own?.kind ?? "stamps",
    currency: row.currency,
    day: { now: new Date(Number(row.now)), today: row.today, tomorrow: new Date(Number(row.tomorrow)) },
    fraudThreshold: row.fraudThreshold,
    names: { customer: row.customerName, business: row.businessName },
  };
}
