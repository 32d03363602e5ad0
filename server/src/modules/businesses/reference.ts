import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessCategories, countries } from "../../db/schema";
import { invalid } from "../../http/errors";

/** The canonical spelling of a business category from category-list, or 422. */
export async function checkCategory(db: Db, value: string): Promise<string> {
  const [row] = await db
    .select({ name: businessCategories.name })
    .from(businessCategories)
    .where(sql`lower(${businessCategories.name}) = lower(${value})`)
    .limit(1);
  if (!row) throw invalid("business_category", "Please choose a business category from the list.");
  return row.name;
}

/** The canonical spelling of a country from country-list, or 422. */
export async function checkCountry(db: Db, value: string): Promise<string> {
  const [row] = await db
    .select({ name: countries.name })
    .from(countries)
    .where(sql`lower(${countries.name}) = lower(${value})`)
    .limit(1);
  if (!row) throw invalid("country_name", "Please choose a country from the list.");
  return row.name;
}

type Place = { business_category: string; country_name: string };

/** Both reference fields of a business or address, checked and canonical. */
export async function checkPlace<T extends Place>(db: Db, body: T): Promise<T> {
  const [business_category, country_name] = await Promise.all([
    checkCategory(db, body.business_category),
    checkCountry(db, body.country_name),
  ]);
  return { ...body, business_category, country_name };
}
