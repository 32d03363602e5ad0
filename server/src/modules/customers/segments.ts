import { caseOfKind, type SegmentSql } from "../../kinds";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { rfmSegmentOfName, type Segment } from "../../../../contract/customers";
import type { RewardKind } from "../../../../contract/rewards";
import type { Db } from "../../db/client";
import { cards, customers, rewards, vouchers } from "../../db/schema";
import { rfmSegmentWhere } from "../insights/rfm";

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
      id: rewards.id,
      businessId: rewards.businessId,
      kind: rewards.kind,
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

/** The kind of the programme a card collects for (null: no reward running). */
export const rewardKind = (fallback: FallbackReward) =>
  sql<RewardKind | null>`coalesce(${ownReward.kind}, ${fallback.kind})`;
/** The id of the reward a card collects for. */
export const programmeRewardId = (fallback: FallbackReward) =>
  sql<number | null>`coalesce(${ownReward.id}, ${fallback.id})`;
/** Stamps to the reward; null for the kinds that count none (their rewards store 0: nothing is "ready" by it). */
export const stampsRequired = (fallback: FallbackReward) =>
  caseOfKind(rewardKind(fallback), (kind) =>
    kind.stampsRequiredSql(sql`coalesce(${ownReward.stampsRequired}, ${fallback.stampsRequired})`),
  ) as SQL<number | null>;
export const rewardTitle = (fallback: FallbackReward) =>
  sql<string | null>`coalesce(${ownReward.title}, ${fallback.title})`;

/**
 * What the segments need of each reward of the owner, one row a reward (a few),
 * joined on the card's reward by hash: the points of its cheapest active option, and its tiers'
 * thresholds in ascending order (an array: a card's next tier is a binary search, `width_bucket`,
 * rather than its reward's JSON unpacked again for every card).
 */
export function programmeExtras(ownerId: number) {
  return new QueryBuilder()
    .select({
      rewardId: rewards.id,
      // Spelled out: inside a one-table select drizzle writes a column unqualified, and a bare
      // "id" here would be the option's own.
      cheapest: sql<number | null>`(select min(o.points) from reward_options o
        where o.reward_id = rewards.id and o.active)`.as("cheapest"),
      thresholds: sql<string>`array(select (tier->>'fromMinor')::bigint
        from jsonb_array_elements(${rewards.cashbackTiers}) tier order by 1)`.as("thresholds"),
    })
    .from(rewards)
    .where(eq(rewards.userId, ownerId))
    .as("programme_extra");
}

/** The reward joins a segment reads: the card's reward (its own or the fallback) and its extras. */
export type Programme = { fallback: FallbackReward; extras: ReturnType<typeof programmeExtras> };
export const programmeOf = (ownerId: number): Programme => ({
  fallback: fallbackReward(ownerId),
  extras: programmeExtras(ownerId),
});
export const extrasOn = (p: Programme) => eq(p.extras.rewardId, programmeRewardId(p.fallback));

/** A card and its reward's extras, as the kinds' SQL reads them. */
const segmentSql = (p: Programme): SegmentSql => ({
  stamps: cards.stamps,
  lifetimeSpend: cards.lifetimeSpend,
  stampsRequired: stampsRequired(p.fallback),
  cheapest: p.extras.cheapest,
  nextThreshold: nextTier(p),
  rewardsRedeemed: cards.rewardsRedeemed,
});

/**
 * Whether a card's reward is ready (the one rule, per kind): stamps reach the requirement;
 * points reach the cheapest option; cashback money is never "ready". Null without a reward.
 */
export const rewardReadyWhere = (p: Programme) =>
  caseOfKind(rewardKind(p.fallback), (kind) => kind.readySql(segmentSql(p)), sql`false`) as SQL<boolean | null>;

/** A cashback card's next tier: the first threshold above its lifetime spend (null past the last). */
export const nextTier = (p: Programme) =>
  sql<string | null>`${p.extras.thresholds}[width_bucket(${cards.lifetimeSpend}, ${p.extras.thresholds}) + 1]`;

/**
 * Near the reward: stamps one stamp away; points within 10 % below the cheapest
 * option; cashback lifetime spend within 10 % below the next tier's threshold (the first above
 * it). Integer arithmetic: exact.
 */
export const nearRewardWhere = (p: Programme) =>
  caseOfKind(rewardKind(p.fallback), (kind) => kind.nearSql(segmentSql(p))) as SQL<boolean | null>;

/** The near-reward automation's period: once per reward cycle; cashback once per tier. */
export const nearRewardPeriod = (p: Programme) =>
  caseOfKind(
    rewardKind(p.fallback),
    (kind) => kind.nearPeriodSql(segmentSql(p)),
    sql`'cycle:' || ${cards.rewardsRedeemed}::text`,
  ) as SQL<string>;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/** Whether the customer's birthday falls in the current month (UTC). */
export const birthdayThisMonth = sql`extract(month from ${customers.birthday}) = extract(month from now() at time zone 'UTC')`;

/** Whether the card holds a voucher it may still use. */
export const holdsVoucher = sql`exists (select 1 from ${vouchers} v where v.card_id = ${cards.id} and v.redeemed_at is null and v.expires_at > now())`;

/**
 * The condition of a segment over `cards` joined with `customers` and the reward joins (undefined:
 * everyone), for the owner's cards (optionally one business's: an RFM segment scores within it).
 * One definition for segment-count, customer-list and notification-add: the count the owner is
 * shown is the set the message reaches.
 */
export function segmentWhere(
  p: Programme,
  segment: Segment,
  days: number | undefined,
  scope: { ownerId: number; businessId: number | undefined },
  level?: string,
): SQL | undefined {
  const rfm = rfmSegmentOfName(segment);
  if (rfm) return rfmSegmentWhere(scope.ownerId, scope.businessId, rfm);
  switch (segment) {
    case "all":
      return undefined;
    case "inactive":
      return lt(cards.lastVisitAt, daysAgo(days ?? 0));
    case "new":
      return gte(cards.createdAt, daysAgo(days ?? 0));
    case "reward_ready":
      return rewardReadyWhere(p);
    case "near_reward":
      return nearRewardWhere(p);
    case "birthday_this_month":
      return birthdayThisMonth;
    case "has_voucher":
      return holdsVoucher;
    case "level":
      return eq(cards.level, level ?? "");
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
  level?: string,
) {
  const p = programmeOf(ownerId);
  return (
    db
      .select({ id: cards.id })
      .from(cards)
      // Left joins on unique keys: PostgreSQL drops the ones a segment does not use.
      .leftJoin(customers, eq(customers.id, cards.customerId))
      .leftJoin(ownReward, ownRewardOn)
      .leftJoin(p.fallback, fallbackOn(p.fallback))
      .leftJoin(p.extras, extrasOn(p))
      .where(segmentCards(p, ownerId, businessId, segment, days, level))
  );
}

/** The where clause of the cards of an owner (optionally one business) in a segment. */
export function segmentCards(
  p: Programme,
  ownerId: number,
  businessId: number | undefined,
  segment: Segment,
  days?: number,
  level?: string,
) {
  return and(
    eq(cards.userId, ownerId),
    businessId ? eq(cards.businessId, businessId) : undefined,
    // Redundant (a card's customer is its owner's), but it lets customers_birth_month_idx answer.
    segment === "birthday_this_month" ? eq(customers.userId, ownerId) : undefined,
    segmentWhere(p, segment, days, { ownerId, businessId }, level),
  )!;
}

/** How many card holders a segment reaches. */
export async function countSegment(
  db: Db,
  ownerId: number,
  businessId: number | undefined,
  segment: Segment,
  days?: number,
  level?: string,
): Promise<number> {
  const ids = segmentCardIds(db, ownerId, businessId, segment, days, level).as("segment_cards");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(ids);
  return Number(row?.n ?? 0);
}
