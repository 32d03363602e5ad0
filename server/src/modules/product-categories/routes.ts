import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { ProductCategory } from "../../../../contract/product-category";
import type { Db } from "../../db/client";
import { businesses, productCategories } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import { findBusiness } from "../businesses/service";

const TAKEN = "categories.nameTaken";

const columns = {
  id: productCategories.id,
  name: productCategories.name,
  business_id: productCategories.businessId,
  business_name: businesses.businessName,
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

export function productCategoryRoutes(app: FastifyInstance) {
  route(app, calls.productCategoryList, async ({ user, query }) => {
    const mine = eq(productCategories.userId, user.id);
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(productCategories).where(mine))[0]!.n,
      async (limit, offset) =>
        (
          await app.db
            .select(columns)
            .from(productCategories)
            .leftJoin(businesses, eq(businesses.id, productCategories.businessId))
            .where(mine)
            .orderBy(desc(productCategories.id))
            .limit(limit)
            .offset(offset)
        ).map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
    );
    return { message: "categories.list", data };
  });

  route(app, calls.productCategoryAdd, async ({ user, body }) => {
    if (body.id) await findCategory(app.db, user.id, body.id);
    if (body.business_id) await findBusiness(app.db, user.id, body.business_id);
    await checkNameFree(app.db, user.id, body.name, body.id);
    const values = { name: body.name, businessId: body.business_id ?? null };
    let id = body.id;
    try {
      if (id) {
        await app.db
          .update(productCategories)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(productCategories.id, id), eq(productCategories.userId, user.id)));
      } else {
        const [row] = await app.db
          .insert(productCategories)
          .values({ ...values, userId: user.id })
          .returning({ id: productCategories.id });
        id = row!.id;
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid("name", TAKEN);
      throw error;
    }
    const data = await findCategory(app.db, user.id, id);
    // Adding answers a fixed success text; an edit says what it did.
    return body.id ? { message: "categories.updated", data } : { statusCode: 201, message: "categories.added", data };
  });

  route(app, calls.productCategoryDelete, async ({ user, body }) => {
    const gone = await app.db
      .delete(productCategories)
      .where(and(eq(productCategories.id, body.id), eq(productCategories.userId, user.id)))
      .returning({ id: productCategories.id });
    if (gone.length === 0) throw notFound("categories.notFound");
    return { message: "categories.deleted" };
  });
}
