import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { DashboardDetails } from "../../../../contract/dashboard";
import type { BusinessCategory, Country } from "../../../../contract/lookups";
import { addresses, businessCategories, businesses, countries, productCategories, staffInvites } from "../../db/schema";
import { actingOwnerId } from "../../http/auth";
import { route } from "../../http/route";
import { loyaltyFigures } from "./loyalty-figures";
import { programmeFigures } from "./programme-figures";

export function dashboardRoutes(app: FastifyInstance) {
  // Staff see their owner's figures: they work for the same businesses.
  route(app, calls.dashboardDetails, async ({ user }) => {
    const ownerId = actingOwnerId(user);
    const one = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    const [businessCount, locations, staff, categories, loyalty, programmes] = await Promise.all([
      one(app.db.select({ n: count() }).from(businesses).where(eq(businesses.userId, ownerId))),
      one(app.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, ownerId))),
      one(
        app.db
          .select({ n: count() })
          .from(staffInvites)
          .where(
            and(eq(staffInvites.ownerId, ownerId), isNotNull(staffInvites.acceptedAt), isNull(staffInvites.revokedAt)),
          ),
      ),
      one(app.db.select({ n: count() }).from(productCategories).where(eq(productCategories.userId, ownerId))),
      loyaltyFigures(app.db, ownerId),
      programmeFigures(app.db, ownerId),
    ]);
    const data: DashboardDetails = {
      businesses: businessCount,
      locations,
      staff,
      product_categories: categories,
      ...loyalty,
      ...programmes,
    };
    return { message: "dashboard.details", data };
  });

  route(app, calls.categoryList, async () => {
    const data: BusinessCategory[] = await app.db
      .select({ id: businessCategories.id, name: businessCategories.name })
      .from(businessCategories)
      // "Other" last: it is the fallback, not a kind of business.
      .orderBy(sql`${businessCategories.name} = 'Other'`, asc(businessCategories.name))
      .limit(calls.categoryList.list.max);
    return { message: "dashboard.categories", data };
  });

  route(app, calls.countryList, async () => {
    const data: Country[] = await app.db
      .select({ id: countries.id, code: countries.code, name: countries.name })
      .from(countries)
      .orderBy(asc(countries.name))
      .limit(calls.countryList.list.max);
    return { message: "dashboard.countries", data };
  });
}
