import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { plans } from "../../db/schema";

/** The plans on sale, in their shown order. */
export async function listActivePlans(db: Db, max: number) {
  return db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder), asc(plans.id)).limit(max);
}
