import { DEFAULT_KIND } from "../../../../../contract/kinds";
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { reusableSelect } from "../../../db/reusable-select";
import {
  businesses,
  cards,
  categoryRules,
  customers,
  productCategories,
  promotions,
  rewards,
} from "../../../db/schema";
import { businessToday, businessTomorrow } from "./day";
import { withHolder } from "./card-holder";
import { toHundredths } from "../../../../../contract/money";
import { chooseReward, type CardState, type CategoryMultiplier } from "./rules";
import { inWindow, type LocalMoment, type PromotionRule } from "./boost";
import { levelMeasureSql } from "./levels";

const ownReward = alias(rewards, "own_reward");
const newestReward = alias(rewards, "newest_reward");

/** The id of the business's newest active reward (the candidate when a card's own is retired). */
export const newestActiveRewardId = (businessId: number | SQLWrapper) =>
  sql`(select max(nr.id) from ${rewards} nr where nr.business_id = ${businessId} and nr.active)`;

/**
 * A card as read for a change, with what its rules and its answers read beside it; `version` is
 * the row's version as read (PostgreSQL's `xmin`: every update of the row makes a new one), for a
 * change written without a lock (apply.ts `applyChangeAtOnce`).
 */
export type LockedCard = CardState & { names: { customer: string; business: string }; version: string };

/**
 * Which card a change is for: by id (optionally only at this business), or by the serial a scanner
 * read, among one owner's cards.
 */
export type CardKey = { id: number; businessId?: number } | { serial: string; ownerId: number };

/** The card's select for the card `where` picks, locking its row or not (placeholders: built once per key shape). */
const cardSelect = (where: SQL, lock: boolean) => (tx: Db) => {
  const query = withHolder(
    tx
      .select({
        card: cards,
        version: sql<string>`${cards}.xmin::text`,
        own: ownReward,
        newest: newestReward,
        fraudThreshold: businesses.fraudThreshold,
        currency: businesses.currency,
        maxPurchase: businesses.maxPurchaseAmount,
        businessName: businesses.businessName,
        customerName: customers.name,
        now: sql<number>`(extract(epoch from now()) * 1000)::float8`,
        today: sql<string>`${businessToday(cards.businessId)}::text`,
        tomorrow: sql<number>`(extract(epoch from ${businessTomorrow(cards.businessId)}) * 1000)::float8`,
        local: localMomentSql(businesses.timeZone),
        promotions: promotionsOf(cards.businessId),
        levelMeasure: levelMeasureOf(),
        categoryRules: categoryRulesOf(cards.businessId),
      })
      .from(cards)
      .$dynamic(),
  )
    .leftJoin(ownReward, sql`${ownReward.id} = ${cards.rewardId} and ${ownReward.businessId} = ${cards.businessId}`)
    .leftJoin(newestReward, eq(newestReward.id, newestActiveRewardId(cards.businessId)))
    .where(where);
  return (lock ? query.for("update", { of: cards }) : query).limit(1);
};

/** Now in the business's time zone, as "YYYY-MM-DD HH:MM d" (d: 0 Sunday … 6). */
const localMomentSql = (zone: SQLWrapper) =>
  sql<string>`to_char(now() at time zone ${zone}, 'YYYY-MM-DD HH24:MI ') || extract(dow from now() at time zone ${zone})::int`;

export const parseLocalMoment = (text: string): LocalMoment => {
  const [date, time, weekday] = text.split(" ");
  return { date: date!, time: time!, weekday: Number(weekday) };
};

/** The business's happy hours (a few rows), read beside the card for the earn's boost. */
const promotionsOf = (businessId: SQLWrapper) =>
  sql<PromotionRule[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'rewardId', p.reward_id,
    'multiplier', p.multiplier::text, 'bonus', p.bonus, 'weekdays', p.weekdays, 'startTime', p.start_time,
    'endTime', p.end_time, 'startsOn', p.starts_on::text, 'endsOn', p.ends_on::text)), '[]'::json)
    from ${promotions} p where p.business_id = ${businessId})`;

/**
 * What the card collected toward the levels of the reward it collects for (its own while active,
 * else the newest), read only when that reward has levels.
 */
const levelMeasureOf = () => {
  const chosen = (column: "levels" | "level_basis" | "level_period") =>
    sql`(case when ${ownReward.active} then ${sql.raw(`"own_reward"."${column}"`)} else ${sql.raw(`"newest_reward"."${column}"`)} end)`;
  return levelMeasureSql(
    { id: cards.id, lifetimeStamps: cards.lifetimeStamps, lifetimeSpend: cards.lifetimeSpend },
    {
      levels: sql`coalesce(${chosen("levels")}, '[]'::jsonb)`,
      basis: chosen("level_basis"),
      period: chosen("level_period"),
    },
  );
};

/**
 * The product categories' multipliers on the business's programmes (in hundredths), read beside
 * the card for an earn's lines; a category of another business has none here.
 */
const categoryRulesOf = (businessId: SQLWrapper) =>
  sql<
    (CategoryMultiplier & { rewardId: number })[]
  >`(select coalesce(json_agg(json_build_object('rewardId', cr.reward_id,
    'categoryId', cr.product_category_id, 'multiplier', (cr.multiplier * 100)::int)), '[]'::json)
    from ${categoryRules} cr
    join ${rewards} r on r.id = cr.reward_id
    join ${productCategories} pc on pc.id = cr.product_category_id
    where r.business_id = ${businessId} and (pc.business_id is null or pc.business_id = ${businessId}))`;

/** The three kinds of key, each a select built once, locking or only reading. */
function cardSelects(lock: boolean) {
  const verb = lock ? "lock" : "read";
  const byId = eq(cards.id, sql.placeholder("id"));
  const atBusiness = eq(cards.businessId, sql.placeholder("businessId"));
  const bySerial = and(eq(cards.serial, sql.placeholder("serial")), eq(cards.userId, sql.placeholder("ownerId")))!;
  const id = reusableSelect(`${verb}_card_by_id`, cardSelect(byId, lock));
  const idAt = reusableSelect(`${verb}_card_by_id_at_business`, cardSelect(and(byId, atBusiness)!, lock));
  const serial = reusableSelect(`${verb}_card_by_serial`, cardSelect(bySerial, lock));
  return async (tx: Db, key: CardKey): Promise<LockedCard | undefined> => {
    const [row] =
      "serial" in key ? await serial(tx, key) : key.businessId === undefined ? await id(tx, key) : await idAt(tx, key);
    if (!row) return undefined;
    const reward = chooseReward([row.own, row.newest], row.card.rewardId);
    const local = parseLocalMoment(row.local);
    return {
      card: row.card,
      version: row.version,
      reward,
      levelMeasure: Number(row.levelMeasure ?? 0),
      promotions: row.promotions.filter((p) => p.rewardId === reward?.id && inWindow(p, local)),
      categoryRules: row.categoryRules
        .filter((rule) => rule.rewardId === reward?.id)
        .map(({ categoryId, multiplier }) => ({ categoryId, multiplier })),
      // The balance is in the unit of the reward the card collected for, even retired.
      unit: row.own?.kind ?? DEFAULT_KIND,
      currency: row.currency,
      maxPurchase: toHundredths(row.maxPurchase) ?? 0,
      day: { now: new Date(Number(row.now)), today: row.today, tomorrow: new Date(Number(row.tomorrow)) },
      fraudThreshold: row.fraudThreshold,
      names: { customer: row.customerName, business: row.businessName },
    };
  };
}

/**
 * Locks one card's row (`select … for update of cards`) and reads, in the same statement, what
 * the rules decide on: the reward candidates (the card's own, retired or not, is its balance's
 * unit), the business's fraud threshold and currency, its day on the database's clock, and the
 * names an answer shows. Concurrent changes of one card queue on the lock, and each decides on the
 * row as the previous one left it: nothing is lost or doubled. Only the card's row is locked: scans of other cards of
 * the business never wait for it. The select is built once per kind of key (the hot path of every
 * stamp: db/reusable-select.ts).
 */
export const lockCard = cardSelects(true);

/** The same read without the lock, outside a transaction: `version` tells whether the row changed since. */
export const readCard = cardSelects(false);
