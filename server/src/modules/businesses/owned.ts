import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import { notFound } from "../../http/errors";

export const BUSINESS_NOT_FOUND = "business.notFound";

/**
 * One of the owner's businesses, by id, or 404: another owner's business is answered as if it did
 * not exist. The call's business filter or target is checked here before anything is read or written.
 */
export async function ownBusiness(db: Db, ownerId: number, businessId: number): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: businesses.id, name: businesses.businessName })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound(BUSINESS_NOT_FOUND);
  return row;
}
