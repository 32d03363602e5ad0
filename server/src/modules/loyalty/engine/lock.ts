import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { reusableSelect } from "../../../db/reusable-select";
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
 * Which card a change is for: by id (optionally only at this business), or by the serial a scanner
 * read, among one owner's cards.
 */
export type CardKey = { id: number; businessId?: number } | { serial: string; ownerId: number };

/** The lock's select, for the card `where` picks (placeholders: built once per key shape). */
const lockSelect = (where: SQL) => (tx: Db) =>
  withHolder(
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

const lockById = reusableSelect("lock_card_by_id", lockSelect(eq(cards.id, sql.placeholder("id"))));
const lockByIdAt = reusableSelect(
  "lock_card_by_id_at_business",
  lockSelect(and(eq(cards.id, sql.placeholder("id")), eq(cards.businessId, sql.placeholder("businessId")))!),
);
const lockBySerial = reusableSelect(
  "lock_card_by_serial",
  lockSelect(and(eq(cards.serial, sql.placeholder("serial")), eq(cards.userId, sql.placeholder("ownerId")))!),
);

/**
 * Locks one card's row (`select … for update of cards`) and reads, in the same statement, what
 * the rules decide on: the reward candidates (the card's own, retired or not, is its balance's
 * unit), the business's fraud threshold and currency, its day on the database's clock, and the
 * names an answer shows. Concurrent changes of one card queue on the lock, and each decides on the
 * row as the previous one left it: nothing is lost or doubled, on PostgreSQL and on PGlite (which
 * runs transactions one at a time anyway). Only the card's row is locked: scans of other cards of
 * the business never wait for it. The select is built once per kind of key (the hot path of every
 * stamp: db/reusable-select.ts).
 */
export async function lockCard(tx: Db, key: CardKey): Promise<LockedCard | undefined> {
  const [row] =
    "serial" in key
      ? await lockBySerial(tx, key)
      : key.businessId === undefined
        ? await lockById(tx, key)
        : await lockByIdAt(tx, key);
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
