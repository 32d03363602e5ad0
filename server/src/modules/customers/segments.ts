import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import type { Segment } from "../../../../lib/contract/customers";
import type { Db } from "../../db/client";
import { cards, customers, rewards } from "../../db/schema";
import { rewardReadySql } from "../loyalty/reward-ready";

/**
 * The reward a card collects for, by the rule of a scan (`chooseReward` in loyalty/engine/rules.ts): its own
 * while active, else the business's newest active one. Written as two joins instead of a
 * correlated subquery per card: `own_reward` (the card's own, if active) and `fallback_reward`
 * (each business's newest active reward, of this owner only), so a segment over 100,000 cards is
 * one hash join, not 100,000 sorted lookups.
 */
export const ownReward = alias(rewards, "own_reward");

export function fallbackReward(ownerId: number) {
  return new QueryBuilder()
    .selectDistinctOn([rewards.businessId], {
      businessId: rewards.businessId,
      stampsRequired: rewards.stampsRequired,
      title: rewards.title,
    })
    .from(rewards)
    .where(and(eq(rewards.userId, ownerId), eq(rewards.active, true)))
    .orderBy(rewards.businessId, desc(rewards.id))
    .as("fallback_reward");
}
export type FallbackReward = ReturnType<typeof fallbackReward>;

/** The join conditions of the two reward joins (left joins, on `cards`). */
export const ownRewardOn = and(
  eq(ownReward.id, cards.rewardId),
  eq(ownReward.businessId, cards.businessId),
  eq(ownReward.active, true),
)!;
export const fallbackOn = (fallback: FallbackReward) => eq(fallback.businessId, cards.businessId);

export const stampsRequired = (fallback: FallbackReward) =>
  sql<number | null>`coalesce(${ownReward.stampsRequired}, ${fallback.stampsRequired})`;
export const rewardTitle = (fallback: FallbackReward) =>
  sql<string | null>`coalesce(${ownReward.title}, ${fallback.title})`;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/** Whether the customer's birthday falls in the current month (UTC). */
export const birthdayThisMonth = sql`extract(month from ${customers.birthday}) = extract(month from now() at time zone 'UTC')`;

/**
 * The condition of a segment over `cards` joined with `customers` and the reward joins (undefined:
 * everyone). One definition for segment-count, customer-list and notification-add: the count the
 * owner is shown is the set the message reaches.
 */
export function segmentWhere(fallback: FallbackReward, segment: Segment, days: number | undefined): SQL | undefined {
  switch (segment) {
    case "all":
      return undefined;
    case "inactive":
      return lt(cards.lastVisitAt, daysAgo(days ?? 0));
    case "new":
      return gte(cards.createdAt, daysAgo(days ?? 0));
    case "reward_ready":
      return rewardReadySql(cards.stamps, stampsRequired(fallback));
    case "near_reward":
      return sql`${cards.stamps} = ${stampsRequired(fallback)} - 1`;
    case "birthday_this_month":
      return birthdayThisMonth;
  }
}

/**
 * The cards of an owner (optionally one business) in a segment, as a query of their ids: the
 * one query segment-count counts and notification-add's recipients are taken from.
 */
export function segmentCardIds(
  db: Db,
  ownerId: number,
  businessId: number | undefined,
  segment: Segment,
  days?: number,
) {
  const fallback = fallbackReward(ownerId);
  return (
    db
      .select({ id: cards.id })
      .from(cards)
      // Left joins on unique keys: PostgreSQL drops the ones a segment does not use.
      .leftJoin(customers, eq(customers.id, cards.customerId))
      .leftJoin(ownReward, ownRewardOn)
      .leftJoin(fallback, fallbackOn(fallback))
      .where(segmentCards(fallback, ownerId, businessId, segment, days))
  );
}

/** The where clause of the cards of an owner (optionally one business) in a segment. */
export function segmentCards(
  fallback: FallbackReward,
  ownerId: number,
  businessId: number | undefined,
  segment: Segment,
  days?: number,
) {
  return and(
    eq(cards.userId, ownerId),
    businessId ? eq(cards.businessId, businessId) : undefined,
    // Redundant (a card's customer is its owner's), but it lets customers_birth_month_idx answer.
    segment === "birthday_this_month" ? eq(customers.userId, ownerId) : undefined,
    segmentWhere(fallback, segment, days),
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
  const ids = segmentCardIds(db, ownerId, businessId, segment, days).as("segment_cards");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ids);
  return Number(row?.n ?? 0);
}
