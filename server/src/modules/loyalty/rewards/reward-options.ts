import { kindOf } from "../../../../../contract/kinds";
import { and, asc, count, eq } from "drizzle-orm";
import type { RewardOption } from "../../../../../contract/rewards";
import type { Db } from "../../../db/client";
import { fromMinor } from "../../../../../contract/money";
import { businesses, rewardOptions, rewards } from "../../../db/schema";
import { costMinor } from "../engine/earn";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import type { Body, Query } from "../shared/deps";

const columns = {
  id: rewardOptions.id,
  reward_id: rewardOptions.rewardId,
  title: rewardOptions.title,
  points: rewardOptions.points,
  cost: rewardOptions.cost,
  currency: businesses.currency,
  createdAt: rewardOptions.createdAt,
};
const toOption = ({
  createdAt,
  cost,
  currency,
  ...row
}: Omit<RewardOption, "created_at" | "cost"> & {
  cost: number | null;
  currency: string | null;
  createdAt: Date;
}): RewardOption => ({
  ...row,
  cost: cost !== null && currency ? fromMinor(cost, currency) : null,
  created_at: createdAt.toISOString(),
});

const optionRows = (db: Db) =>
  db.select(columns).from(rewardOptions).innerJoin(businesses, eq(businesses.id, rewardOptions.businessId));

/**
 * An option added to a points programme's catalogue: what its points buy. Deleting an option
 * retires it, so the history of the redeems that bought it still names it.
 */
export async function addRewardOption(db: Db, ownerId: number, body: Body<"rewardOptionAdd">): Promise<RewardOption> {
  const [reward] = await db
    .select({
      businessId: rewards.businessId,
      kind: rewards.kind,
      active: rewards.active,
      currency: businesses.currency,
    })
    .from(rewards)
    .innerJoin(businesses, eq(businesses.id, rewards.businessId))
    .where(and(eq(rewards.id, body.reward_id), eq(rewards.userId, ownerId)))
    .limit(1);
  // Another owner's reward is not found, as everywhere; the owner's own gets the reason.
  if (!reward) throw notFound("rewards.notFound");
  if (!reward.active) throw invalid("reward_id", "options.rewardRemoved");
  if (!kindOf(reward.kind).hasOptions) {
    throw invalid("reward_id", "options.notPoints");
  }
  const cost = costMinor(body.cost, reward.currency);
  if ("error" in cost) throw invalid("cost", cost.error);
  const [inserted] = await db
    .insert(rewardOptions)
    .values({
      userId: ownerId,
      businessId: reward.businessId,
      rewardId: body.reward_id,
      title: body.title,
      points: body.points,
      cost: cost.minor,
    })
    .returning({ id: rewardOptions.id });
  const [row] = await optionRows(db).where(eq(rewardOptions.id, inserted!.id));
  return toOption(row!);
}

/** A reward's active options, cheapest first; staff read their owner's (the scanner offers what a card can afford). */
export async function rewardOptionPage(db: Db, ownerId: number, query: Query<"rewardOptionList">) {
  const [reward] = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.id, query.reward_id), eq(rewards.userId, ownerId)))
    .limit(1);
  if (!reward) throw notFound("rewards.notFound");
  const where = and(
    eq(rewardOptions.rewardId, query.reward_id),
    eq(rewardOptions.userId, ownerId),
    eq(rewardOptions.active, true),
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(rewardOptions).where(where))[0]!.n,
    async (limit, offset) =>
      (
        await optionRows(db)
          .where(where)
          .orderBy(asc(rewardOptions.points), asc(rewardOptions.id))
          .limit(limit)
          .offset(offset)
      ).map(toOption),
  );
}

export async function deleteRewardOption(db: Db, ownerId: number, id: number) {
  const gone = await db
    .update(rewardOptions)
    .set({ active: false })
    .where(and(eq(rewardOptions.id, id), eq(rewardOptions.userId, ownerId), eq(rewardOptions.active, true)))
    .returning({ id: rewardOptions.id });
  if (gone.length === 0) throw notFound("options.notFound");
}
