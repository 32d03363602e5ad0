import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PageQuery } from "../../../../contract/pagination";
import type { ProductCategory, productCategoryAddBody } from "../../../../contract/product-category";
import type { Db } from "../../db/client";
import { businesses, productCategories } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { findBusiness } from "../businesses/service";

const TAKEN = "categories.nameTaken";

const columns = {
  id: productCategories.id,
  name: productCategories.name,
  business_id: productCategories.businessId,
  business_name: businesses.businessName,
  item_ids: productCategories.itemIds,
  createdAt: productCategories.createdAt,
};

async function findCategory(db: Db, ownerId: number, id: number): Promise<ProductCategory> {
  const [row] = await db
    .select(columns)
    .from(productCategories)
    .leftJoin(businesses, eq(businesses.id, productCategories.businessId))
    .where(and(eq(productCategories.id, id), eq(productCategories.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound("categories.notFound");
  const { createdAt, ...rest } = row;
  return { ...rest, created_at: createdAt.toISOString() };
}

/** Names are unique per owner whatever their case; the index settles races, this the message. */
async function checkNameFree(db: Db, ownerId: number, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(
        eq(productCategories.userId, ownerId),
        sql`lower(${productCategories.name}) = lower(${name})`,
        exceptId ? ne(productCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw invalid("name", TAKEN);
}

/** One page of the owner's categories, newest first. */
export async function listCategories(db: Db, ownerId: number, query: PageQuery) {
  const mine = eq(productCategories.userId, ownerId);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(productCategories).where(mine))[0]!.n,
    async (limit, offset) =>
      (
        await db
          .select(columns)
          .from(productCategories)
          .leftJoin(businesses, eq(businesses.id, productCategories.businessId))
          .where(mine)
          .orderBy(desc(productCategories.id))
          .limit(limit)
          .offset(offset)
      ).map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
  );
}

/** Adds a category, or (with `id`) edits one of the owner's; answers it as saved. */
export async function saveCategory(
  db: Db,
  ownerId: number,
  body: z.output<typeof productCategoryAddBody>,
): Promise<ProductCategory> {
  if (body.id) await findCategory(db, ownerId, body.id);
  if (body.business_id) await findBusiness(db, ownerId, body.business_id);
  await checkNameFree(db, ownerId, body.name, body.id);
  const values = {
    name: body.name,
    businessId: body.business_id ?? null,
    ...(body.item_ids !== undefined && { itemIds: body.item_ids }),
  };
  let id = body.id;
  try {
    if (id) {
      await db
        .update(productCategories)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(productCategories.id, id), eq(productCategories.userId, ownerId)));
    } else {
      const [row] = await db
        .insert(productCategories)
        .values({ ...values, userId: ownerId })
        .returning({ id: productCategories.id });
      id = row!.id;
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid("name", TAKEN);
    throw error;
  }
  return findCategory(db, ownerId, id);
}

export async function deleteCategory(db: Db, ownerId: number, id: number) {
  const gone = await db
    .delete(productCategories)
    .where(and(eq(productCategories.id, id), eq(productCategories.userId, ownerId)))
    .returning({ id: productCategories.id });
  if (gone.length === 0) throw notFound("categories.notFound");
}
