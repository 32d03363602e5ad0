import { and, count, desc, eq, exists, not, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { serverKind } from "../../../kinds";
import type { Reward } from "../../../../../contract/rewards";
import type { Db } from "../../../db/client";
import { businesses, cards, productCategories, qrCodes, rewards } from "../../../db/schema";
import { invalid, notFound } from "../../../http/errors";
import { paginate } from "../../../http/paginate";
import { route } from "../../../http/route";
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
  expireAfterDays: rewards.expireAfterDays,
  referralBonus: rewards.referralBonus,
  referralFriendBonus: rewards.referralFriendBonus,
  referralTrigger: rewards.referralTrigger,
  currency: businesses.currency,
  product_category_id: rewards.productCategoryId,
  product_category_name: productCategories.name,
  cooldown_minutes: rewards.cooldownMinutes,
  daily_cap: rewards.dailyCap,
  qr_codes_count: sql<number>`(select count(*)::int from "qr_codes" where "qr_codes"."reward_id" = "rewards"."id")`,
  createdAt: rewards.createdAt,
};

const select = (db: Db) =>
  db
    .select(columns)
    .from(rewards)
    .innerJoin(businesses, eq(businesses.id, rewards.businessId))
    .leftJoin(productCategories, eq(productCategories.id, rewards.productCategoryId));

const toReward = (row: Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number]): Reward => ({
  id: row.id,
  business_id: row.business_id,
  business_name: row.business_name,
  title: row.title,
  description: row.description,
  ...programmeAnswer(row, row.currency),
  product_category_id: row.product_category_id,
  product_category_name: row.product_category_name,
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

export function rewardRoutes(app: FastifyInstance) {
  route(app, calls.rewardList, async ({ user, query }) => {
    const where = and(
      eq(rewards.userId, user.id),
      eq(rewards.active, true),
      query.business_id ? eq(rewards.businessId, query.business_id) : undefined,
    );
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(rewards).where(where))[0]!.n,
      async (limit, offset) =>
        (await select(app.db).where(where).orderBy(desc(rewards.id)).limit(limit).offset(offset)).map(toReward),
    );
    return { message: "rewards.list", data };
  });

  route(app, calls.addReward, async ({ user, body }) => {
    if (body.id) await findReward(app.db, user.id, body.id);
    const business = await findBusiness(app.db, user.id, body.business_id);
    if (body.product_category_id) {
      const [category] = await app.db
        .select({ businessId: productCategories.businessId })
        .from(productCategories)
        .where(and(eq(productCategories.id, body.product_category_id), eq(productCategories.userId, user.id)))
        .limit(1);
      if (!category) throw notFound("categories.notFound");
      if (category.businessId && category.businessId !== body.business_id) {
        throw invalid("product_category_id", "categories.otherBusiness");
      }
    }
    const values = {
      businessId: body.business_id,
      title: body.title,
      description: body.description,
      ...programmeColumns(body, business.currency),
      productCategoryId: body.product_category_id ?? null,
      cooldownMinutes: body.cooldown_minutes,
      dailyCap: body.daily_cap,
    };
    let id = body.id;
    if (id) {
      // One statement: a card that joined before it keeps the kind it collects in.
      const updated = await app.db
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
            eq(rewards.userId, user.id),
            or(
              eq(rewards.kind, values.kind),
              not(
                exists(
                  app.db
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
      const [row] = await app.db
        .insert(rewards)
        .values({ ...values, userId: user.id, expiryFrom: sql`now()` })
        .returning({ id: rewards.id });
      id = row!.id;
    }
    const data = await findReward(app.db, user.id, id);
    return body.id ? { message: "rewards.updated", data } : { statusCode: 201, message: "rewards.added", data };
  });

  route(app, calls.rewardExpiryPreview, async ({ user, body }) => {
    const reward = await findReward(app.db, user.id, body.reward_id);
    if (!serverKind(reward.kind).lapses) throw invalid("reward_id", "rewards.cashbackNeverLapses");
    const lapsing = await expiryPreview(app.db, reward.id, body.expire_after_days);
    return { message: "rewards.expiryPreview", data: { ...lapsing, unit: reward.kind } };
  });

  /**
   * Retires the reward: it leaves the list, and its QR codes and cards collect for the business's
   * newest remaining reward. Past scans and earned stamps stay.
   */
  route(app, calls.removeReward, async ({ user, body }) => {
    const gone = await app.db
      .update(rewards)
      .set({ active: false, updatedAt: sql`now()` })
      .where(and(eq(rewards.id, body.id), eq(rewards.userId, user.id), eq(rewards.active, true)))
      .returning({ id: rewards.id });
    if (gone.length === 0) throw notFound("rewards.notFound");
    // QR codes that named it fall back to the newest reward (resolveReward) from now on.
    await app.db.update(qrCodes).set({ rewardId: null }).where(eq(qrCodes.rewardId, body.id));
    return { message: "rewards.removed" };
  });
}
