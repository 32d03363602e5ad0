import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Segment } from "../../../../lib/contract/customers";
import type { Db } from "../../db/client";
import { cards, customers, rewards } from "../../db/schema";
import { rewardChoice } from "../loyalty/cards";

/**
 * The reward a card collects for (the same rule as a scan: `rewardChoice`), as correlated scalar
 * subqueries over the enclosing query's `cards` row. A card whose programme was retired counts
 * toward the successor, exactly as its next stamp would.
 */
function cardReward<T>(column: SQL | typeof rewards.stampsRequired | typeof rewards.title) {
  const choice = rewardChoice(sql`${cards.businessId}`, sql`${cards.rewardId}`);
  return sql<T>`(select ${column} from ${rewards} where ${choice.where} order by ${sql.join(choice.orderBy, sql`, `)} limit 1)`;
}

export const stampsRequired = () => cardReward<number | null>(rewards.stampsRequired);
export const rewardTitle = () => cardReward<string | null>(rewards.title);

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/** Whether the customer's birthday falls in the current month (UTC). */
export const birthdayThisMonth = sql`extract(month from ${customers.birthday}) = extract(month from now() at time zone 'UTC')`;

/**
 * The condition of a segment over `cards` joined with `customers` (undefined: everyone). One
 * definition for segment-count, customer-list and notification-add: the count the owner is shown
 * is the set the message reaches.
 */
export function segmentWhere(segment: Segment, days: number | undefined): SQL | undefined {
  switch (segment) {
    case "all":
      return undefined;
    case "inactive":
      return lt(cards.lastVisitAt, daysAgo(days ?? 0));
    case "new":
      return gte(cards.createdAt, daysAgo(days ?? 0));
    case "reward_ready":
      return sql`${cards.stamps} >= ${stampsRequired()}`;
    case "near_reward":
      return sql`${cards.stamps} = ${stampsRequired()} - 1`;
    case "birthday_this_month":
      return birthdayThisMonth;
  }
}

/** The cards of an owner (optionally one business) in a segment: the where clause. */
export function segmentCards(ownerId: number, businessId: number | undefined, segment: Segment, days?: number) {
  return and(
    eq(cards.userId, ownerId),
    businessId ? eq(cards.businessId, businessId) : undefined,
    segmentWhere(segment, days),
  )!;
}

/** How many card holders a segment reaches. */
export async function countSegment(
  db: Db,
  ownerId: number,
  businessId: number | undefined,
  segment: Segment,
  days?: number,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(segmentCards(ownerId, businessId, segment, days));
  return Number(row?.n ?? 0);
}
