import { kindOf } from "../../../../../contract/kinds";
import { and, asc, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import type { RewardOption } from "../../../../../contract/rewards";
import { rewardOptions, rewards } from "../../../db/schema";
import { actingOwnerId } from "../../../http/auth";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import { route } from "../../../http/route";

const columns = {
  id: rewardOptions.id,
  reward_id: rewardOptions.rewardId,
  title: rewardOptions.title,
  points: rewardOptions.points,
  createdAt: rewardOptions.createdAt,
};
const toOption = ({ createdAt, ...row }: Omit<RewardOption, "created_at"> & { createdAt: Date }): RewardOption => ({
  ...row,
  created_at: createdAt.toISOString(),
});

/**
 * A points programme's catalogue: what its points buy. Deleting an option retires it,
 * so the history of the redeems that bought it still names it.
 */
export function rewardOptionRoutes(app: FastifyInstance) {
  route(app, calls.rewardOptionAdd, async ({ user, body }) => {
    const [reward] = await app.db
      .select({ businessId: rewards.businessId, kind: rewards.kind, active: rewards.active })
      .from(rewards)
      .where(and(eq(rewards.id, body.reward_id), eq(rewards.userId, user.id)))
      .limit(1);
    // Another owner's reward is not found, as everywhere; the owner's own gets the reason.
    if (!reward) throw notFound("rewards.notFound");
    if (!reward.active) throw invalid("reward_id", "options.rewardRemoved");
    if (!kindOf(reward.kind).hasOptions) {
      throw invalid("reward_id", "options.notPoints");
    }
    const [row] = await app.db
      .insert(rewardOptions)
      .values({
        userId: user.id,
        businessId: reward.businessId,
        rewardId: body.reward_id,
        title: body.title,
        points: body.points,
      })
      .returning(columns);
    return { statusCode: 201, message: "options.added", data: toOption(row!) };
  });

  // Staff read their owner's catalogues: the scanner offers what a card can afford.
  route(app, calls.rewardOptionList, async ({ user, query }) => {
    const ownerId = actingOwnerId(user);
    const [reward] = await app.db
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
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(rewardOptions).where(where))[0]!.n,
      async (limit, offset) =>
        (
          await app.db
            .select(columns)
            .from(rewardOptions)
            .where(where)
            .orderBy(asc(rewardOptions.points), asc(rewardOptions.id))
            .limit(limit)
            .offset(offset)
        ).map(toOption),
    );
    return { message: "options.list", data };
  });

  route(app, calls.rewardOptionDelete, async ({ user, body }) => {
    const gone = await app.db
      .update(rewardOptions)
      .set({ active: false })
      .where(and(eq(rewardOptions.id, body.id), eq(rewardOptions.userId, user.id), eq(rewardOptions.active, true)))
      .returning({ id: rewardOptions.id });
    if (gone.length === 0) throw notFound("options.notFound");
    return { message: "options.deleted" };
  });
}
