import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { DashboardDetails } from "../../../../contract/dashboard";
import type { BusinessCategory, Country } from "../../../../contract/lookups";
import type { Db } from "../../db/client";
import { addresses, businessCategories, businesses, countries, productCategories, staffInvites } from "../../db/schema";
import { loyaltyFigures } from "./loyalty-figures";
import { offerFigures } from "./offer-figures";
import { programmeFigures } from "./programme-figures";
import { voucherFigures } from "./voucher-figures";

export type DashboardDeps = { db: Db };

/** The owner's figures: what they set up, and what their programmes did. */
export async function dashboardDetails(db: Db, ownerId: number): Promise<DashboardDetails> {
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
  const [businessCount, locations, staff, categories, loyalty, programmes, voucherCounts, offers] = await Promise.all([
    one(db.select({ n: count() }).from(businesses).where(eq(businesses.userId, ownerId))),
    one(db.select({ n: count() }).from(addresses).where(eq(addresses.userId, ownerId))),
    one(
      db
        .select({ n: count() })
        .from(staffInvites)
        .where(
          and(eq(staffInvites.ownerId, ownerId), isNotNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)),
        ),
    ),
    one(db.select({ n: count() }).from(productCategories).where(eq(productCategories.userId, ownerId))),
    loyaltyFigures(db, ownerId),
    programmeFigures(db, ownerId),
    voucherFigures(db, ownerId),
    offerFigures(db, ownerId),
  ]);
  return {
    businesses: businessCount,
    locations,
    staff,
    product_categories: categories,
    ...loyalty,
    ...programmes,
    ...voucherCounts,
    ...offers,
  };
}

export function businessCategoryList(db: Db, max: number): Promise<BusinessCategory[]> {
  return (
    db
      .select({ id: businessCategories.id, name: businessCategories.name })
      .from(businessCategories)
      // "Other" last: it is the fallback, not a kind of business.
      .orderBy(sql`${businessCategories.name} = 'Other'`, asc(businessCategories.name))
      .limit(max)
  );
}

export function countryList(db: Db, max: number): Promise<Country[]> {
  return db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.name))
    .limit(max);
}
