import { and, count, desc, eq, exists, not, or, sql } from "drizzle-orm";
import { serverKind } from "../../../kinds";
import type { Reward, RewardExpiryPreview } from "../../../../../contract/rewards";
import type { Db } from "../../../db/client";
import { businesses, cards, qrCodes, rewards } from "../../../db/schema";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import { requireFeature } from "../../../http/plan-feature";
import type { Body, Query } from "../shared/deps";
import { findBusiness } from "../../businesses/service";
import { expiryFromAfter } from "../engine/earn";
import { expiryPreview } from "./expiry";
import { programmeAnswer, programmeColumns } from "./reward-programme";

const columns = {
  id: rewards.id,
  business_id: rewards.businessId,
  business_name: businesses.businessName,
  title: rewards.title,
  description: rewards.description,
  kind: rewards.kind,
  stampsRequired: rewards.stampsRequired,
  pointsPerVisit: rewards.pointsPerVisit,
  pointsPerUnit: rewards.pointsPerUnit,
  cashbackBasisPoints: rewards.cashbackBasisPoints,
  cashbackTiers: rewards.cashbackTiers,
  levels: rewards.levels,
  levelBasis: rewards.levelBasis,
  levelPeriod: rewards.levelPeriod,
  expireAfterDays: rewards.expireAfterDays,
  referralBonus: rewards.referralBonus,
  referralFriendBonus: rewards.referralFriendBonus,
  referralTrigger: rewards.referralTrigger,
  cost: rewards.cost,
  currency: businesses.currency,
  cooldown_minutes: rewards.cooldownMinutes,
  daily_cap: rewards.dailyCap,
  qr_codes_count: sql<number>`(select count(*)::int from "qr_codes" where "qr_codes"."reward_id" = "rewards"."id")`,
  createdAt: rewards.createdAt,
};

const select = (db: Db) =>
  db.select(columns).from(rewards).innerJoin(businesses, eq(businesses.id, rewards.businessId));

const toReward = (row: Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number]): Reward => ({
  id: row.id,
  business_id: row.business_id,
  business_name: row.business_name,
  title: row.title,
  description: row.description,
  ...programmeAnswer(row, row.currency),
  cooldown_minutes: row.cooldown_minutes,
  daily_cap: row.daily_cap,
  qr_codes_count: Number(row.qr_codes_count),
  created_at: row.createdAt.toISOString(),
});

/** An active reward of the owner, or 404. */
export async function findReward(db: Db, ownerId: number, id: number): Promise<Reward> {
  const [row] = await select(db)
    .where(and(eq(rewards.id, id), eq(rewards.userId, ownerId), eq(rewards.active, true)))
    .limit(1);
  if (!row) throw notFound("rewards.notFound");
  return toReward(row);
}

export async function rewardPage(db: Db, ownerId: number, query: Query<"rewardList">) {
  const where = and(
    eq(rewards.userId, ownerId),
    eq(rewards.active, true),
    query.business_id ? eq(rewards.businessId, query.business_id) : undefined,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(rewards).where(where))[0]!.n,
    async (limit, offset) =>
      (await select(db).where(where).orderBy(desc(rewards.id)).limit(limit).offset(offset)).map(toReward),
  );
}

/** A reward added, or (with `id`) changed: a reward's kind is fixed once a card collects for it. */
export async function saveReward(db: Db, ownerId: number, body: Body<"addReward">): Promise<Reward> {
  // A kind of a larger plan (prepaid visits) needs that plan's feature besides the rewards' own.
  const feature = serverKind(body.kind).feature;
  if (feature) await requireFeature(db, ownerId, feature);
  // Levels are a larger plan's too (a reward without them needs only the rewards' own feature).
  if (body.levels.length > 0) await requireFeature(db, ownerId, "levels");
  if (body.id) await findReward(db, ownerId, body.id);
  const business = await findBusiness(db, ownerId, body.business_id);
  const values = {
    businessId: body.business_id,
    title: body.title,
    description: body.description,
    ...programmeColumns(body, business.currency),
    cooldownMinutes: body.cooldown_minutes,
    dailyCap: body.daily_cap,
  };
  let id = body.id;
  if (id) {
    // One statement: a card that joined before it keeps the kind it collects in.
    const updated = await db
      .update(rewards)
      .set({
        ...values,
        // Expiry turned on or shortened starts a full window for every card, in this statement.
        expiryFrom: expiryFromAfter(values.expireAfterDays, {
          days: rewards.expireAfterDays,
          from: rewards.expiryFrom,
        }),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(rewards.id, id),
          eq(rewards.userId, ownerId),
          or(
            eq(rewards.kind, values.kind),
            not(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(cards)
                  .where(eq(cards.rewardId, id)),
              ),
            ),
          ),
        ),
      )
      .returning({ id: rewards.id });
    if (updated.length === 0) {
      throw invalid("kind", "rewards.kindFixed");
    }
  } else {
    const [row] = await db
      .insert(rewards)
      .values({ ...values, userId: ownerId, expiryFrom: sql`now()` })
      .returning({ id: rewards.id });
    id = row!.id;
  }
  return findReward(db, ownerId, id);
}

/** What an expiry setting would lapse now, in the reward's unit; cashback never lapses. */
export async function rewardExpiryPreview(
  db: Db,
  ownerId: number,
  body: Body<"rewardExpiryPreview">,
): Promise<RewardExpiryPreview> {
  const reward = await findReward(db, ownerId, body.reward_id);
  if (!serverKind(reward.kind).lapses) throw invalid("reward_id", "rewards.cashbackNeverLapses");
  const lapsing = await expiryPreview(db, reward.id, body.expire_after_days);
  return { ...lapsing, unit: reward.kind };
}

/**
 * Retires the reward: it leaves the list, and its QR codes and cards collect for the business's
 * newest remaining reward. Past scans and earned stamps stay.
 */
export async function removeReward(db: Db, ownerId: number, id: number) {
  const gone = await db
    .update(rewards)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(eq(rewards.id, id), eq(rewards.userId, ownerId), eq(rewards.active, true)))
    .returning({ id: rewards.id });
  if (gone.length === 0) throw notFound("rewards.notFound");
  // QR codes that named it fall back to the newest reward (resolveReward) from now on.
  await db.update(qrCodes).set({ rewardId: null }).where(eq(qrCodes.rewardId, id));
}
