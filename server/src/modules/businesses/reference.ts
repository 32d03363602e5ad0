import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessCategories, countries } from "../../db/schema";
import { HttpError, invalid } from "../../http/errors";

/** The canonical spelling of a business category from category-list, or 422. */
export async function checkCategory(db: Db, value: string): Promise<string> {
  const [row] = await db
    .select({ name: businessCategories.name })
    .from(businessCategories)
    .where(sql`lower(${businessCategories.name}) = lower(${value})`)
    .limit(1);
  if (!row) throw invalid("business_category", "business.chooseCategory");
  return row.name;
}

/** The canonical spelling of a country from country-list, or 422. */
export async function checkCountry(db: Db, value: string): Promise<string> {
  const [row] = await db
    .select({ name: countries.name })
    .from(countries)
    .where(sql`lower(${countries.name}) = lower(${value})`)
    .limit(1);
  if (!row) throw invalid("country_name", "business.chooseCountry");
  return row.name;
}

type Place = { business_category: string; country_name: string };

/**
 * Both reference fields of a business or address, checked and canonical. When both are wrong the
 * 422 names both (the two lookups run at once, so answering whichever failed first would vary).
 */
export async function checkPlace<T extends Place>(db: Db, body: T): Promise<T> {
  const [category, country] = await Promise.allSettled([
    checkCategory(db, body.business_category),
    checkCountry(db, body.country_name),
  ]);
  if (category.status === "fulfilled" && country.status === "fulfilled") {
    return { ...body, business_category: category.value, country_name: country.value };
  }
  const failures = [category, country].flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  const unexpected = failures.find((reason) => !(reason instanceof HttpError));
  if (unexpected !== undefined) throw unexpected;
  const refused = failures as HttpError[];
  throw new HttpError(422, refused[0]!.sentence, Object.assign({}, ...refused.map((error) => error.fields)));
}
