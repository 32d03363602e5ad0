import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../lib/contract/calls";
import type { Reward } from "../../../../lib/contract/rewards";
import type { Db } from "../../db/client";
import { businesses, productCategories, qrCodes, rewards } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import { findBusiness } from "../businesses/service";

const columns = {
  id: rewards.id,
  business_id: rewards.businessId,
  business_name: businesses.businessName,
  title: rewards.title,
  description: rewards.description,
  stamps_required: rewards.stampsRequired,
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

const toReward = ({
  createdAt,
  ...row
}: Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number]): Reward => ({
  ...row,
  qr_codes_count: Number(row.qr_codes_count),
  created_at: createdAt.toISOString(),
});

/** An active reward of the owner, or 404. */
export async function findReward(db: Db, ownerId: number, id: number): Promise<Reward> {
  const [row] = await select(db)
    .where(and(eq(rewards.id, id), eq(rewards.userId, ownerId), eq(rewards.active, true)))
    .limit(1);
  if (!row) throw notFound("Reward not found.");
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
    return { message: "Reward list.", data };
  });

  route(app, calls.addReward, async ({ user, body }) => {
    if (body.id) await findReward(app.db, user.id, body.id);
    await findBusiness(app.db, user.id, body.business_id);
    if (body.product_category_id) {
      const [category] = await app.db
        .select({ businessId: productCategories.businessId })
        .from(productCategories)
        .where(and(eq(productCategories.id, body.product_category_id), eq(productCategories.userId, user.id)))
        .limit(1);
      if (!category) throw notFound("Product category not found.");
      if (category.businessId && category.businessId !== body.business_id) {
        throw invalid("product_category_id", "This product category belongs to another business.");
      }
    }
    const values = {
      businessId: body.business_id,
      title: body.title,
      description: body.description,
      stampsRequired: body.stamps_required,
      productCategoryId: body.product_category_id ?? null,
      cooldownMinutes: body.cooldown_minutes,
      dailyCap: body.daily_cap,
    };
    let id = body.id;
    if (id) {
      await app.db
        .update(rewards)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(rewards.id, id), eq(rewards.userId, user.id)));
    } else {
      const [row] = await app.db
        .insert(rewards)
        .values({ ...values, userId: user.id })
        .returning({ id: rewards.id });
      id = row!.id;
    }
    const data = await findReward(app.db, user.id, id);
    return body.id
      ? { message: "Reward updated successfully.", data }
      : { statusCode: 201, message: "Reward added successfully.", data };
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
    if (gone.length === 0) throw notFound("Reward not found.");
    // QR codes that named it fall back to the newest reward (resolveReward) from now on.
    await app.db.update(qrCodes).set({ rewardId: null }).where(eq(qrCodes.rewardId, body.id));
    return { message: "Reward removed successfully." };
  });
}
