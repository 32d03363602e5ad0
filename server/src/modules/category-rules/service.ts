import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { hundredthsText } from "../../../../contract/money";
import {
  MAX_CATEGORY_RULES_PER_OWNER,
  type CategoryRule,
  type categoryRuleListQuery,
  type categoryRuleSaveBody,
} from "../../../../contract/category-rules";
import type { Db } from "../../db/client";
import { categoryRules, productCategories, rewards, users } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { sentence } from "../../i18n/sentence";
import { serverKind } from "../../kinds";

const columns = {
  id: categoryRules.id,
  product_category_id: categoryRules.productCategoryId,
  product_category_name: productCategories.name,
  reward_id: categoryRules.rewardId,
  reward_title: rewards.title,
  multiplier: categoryRules.multiplier,
  createdAt: categoryRules.createdAt,
};

type Row = { multiplier: string; createdAt: Date } & Omit<CategoryRule, "multiplier" | "created_at">;

/** "2.00" as the contract's shortest decimal, "2". */
const toRule = ({ createdAt, multiplier, ...row }: Row): CategoryRule => ({
  ...row,
  multiplier: hundredthsText(Math.round(Number(multiplier) * 100)),
  created_at: createdAt.toISOString(),
});

const select = (db: Db) =>
  db
    .select(columns)
    .from(categoryRules)
    .innerJoin(productCategories, eq(productCategories.id, categoryRules.productCategoryId))
    .innerJoin(rewards, eq(rewards.id, categoryRules.rewardId));

/** One of the owner's rewards, or 404 (`active`: only a running programme gets a new rule). */
async function ownReward(db: Db, ownerId: number, id: number, active: boolean) {
  const [reward] = await db
    .select({ id: rewards.id, kind: rewards.kind, businessId: rewards.businessId })
    .from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.userId, ownerId), active ? eq(rewards.active, true) : undefined))
    .limit(1);
  if (!reward) throw notFound("rewards.notFound");
  return reward;
}

async function ownCategory(db: Db, ownerId: number, id: number) {
  const [category] = await db
    .select({ id: productCategories.id, businessId: productCategories.businessId })
    .from(productCategories)
    .where(and(eq(productCategories.id, id), eq(productCategories.userId, ownerId)))
    .limit(1);
  if (!category) throw notFound("categories.notFound");
  return category;
}

/** The owner's earning rules, optionally of one programme or one category (of theirs: else 404), in the order added. */
export async function listCategoryRules(db: Db, ownerId: number, query: z.output<typeof categoryRuleListQuery>) {
  if (query.reward_id) await ownReward(db, ownerId, query.reward_id, false);
  if (query.product_category_id) await ownCategory(db, ownerId, query.product_category_id);
  const rows = await select(db)
    .where(
      and(
        eq(categoryRules.userId, ownerId),
        query.reward_id ? eq(categoryRules.rewardId, query.reward_id) : undefined,
        query.product_category_id ? eq(categoryRules.productCategoryId, query.product_category_id) : undefined,
      ),
    )
    .orderBy(asc(categoryRules.id));
  return { items: rows.map(toRule) };
}

/**
 * Sets how a category earns on one of the owner's running programmes (a kind that earns by the
 * amount): a new rule, or the multiplier of the one there is. A category of one business earns
 * only on that business's programmes.
 */
export async function saveCategoryRule(
  db: Db,
  ownerId: number,
  body: z.output<typeof categoryRuleSaveBody>,
): Promise<{ rule: CategoryRule; created: boolean }> {
  const category = await ownCategory(db, ownerId, body.product_category_id);
  const reward = await ownReward(db, ownerId, body.reward_id, true);
  if (category.businessId !== null && category.businessId !== reward.businessId) {
    throw invalid("product_category_id", "categories.otherBusiness");
  }
  if (!serverKind(reward.kind).multiplies) throw invalid("reward_id", "categoryRules.notForProgramme");
  const multiplier = hundredthsText(body.multiplier);
  const saved = await db.transaction(async (tx) => {
    // The owner's row is the lock two saves queue on, so the cap holds under concurrent calls.
    await tx.execute(sql`select id from ${users} where id = ${ownerId} for update`);
    const [existing] = await tx
      .update(categoryRules)
      .set({ multiplier, updatedAt: sql`now()` })
      .where(and(eq(categoryRules.productCategoryId, category.id), eq(categoryRules.rewardId, reward.id)))
      .returning({ id: categoryRules.id });
    if (existing) return { id: existing.id, created: false };
    const [{ n }] = (await tx.select({ n: count() }).from(categoryRules).where(eq(categoryRules.userId, ownerId))) as [
      { n: number },
    ];
    if (n >= MAX_CATEGORY_RULES_PER_OWNER) {
      throw invalid("reward_id", sentence("categoryRules.tooMany", { max: MAX_CATEGORY_RULES_PER_OWNER }));
    }
    const [inserted] = await tx
      .insert(categoryRules)
      .values({ userId: ownerId, productCategoryId: category.id, rewardId: reward.id, multiplier })
      .returning({ id: categoryRules.id });
    return { id: inserted!.id, created: true };
  });
  const [row] = await select(db).where(eq(categoryRules.id, saved.id));
  return { rule: toRule(row!), created: saved.created };
}

export async function deleteCategoryRule(db: Db, ownerId: number, id: number) {
  const gone = await db
    .delete(categoryRules)
    .where(and(eq(categoryRules.id, id), eq(categoryRules.userId, ownerId)))
    .returning({ id: categoryRules.id });
  if (gone.length === 0) throw notFound("categoryRules.notFound");
}
