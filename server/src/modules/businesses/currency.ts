import { kindsWhere } from "../../../../contract/kinds";
import countryToCurrency from "country-to-currency";
import { and, eq, exists, inArray, or, sql } from "drizzle-orm";
import { isCurrency } from "../../../../contract/money";
import type { Db } from "../../db/client";
import { cards, countries, rewards } from "../../db/schema";
import { invalid } from "../../http/errors";
import { sentence } from "../../i18n/sentence";

/** The currency a country pays in (ISO 3166-1 alpha-2 → ISO 4217), when this runtime knows it. */
export function currencyOfCountryCode(code: string): string | null {
  const currency = (countryToCurrency as Record<string, string | undefined>)[code.toUpperCase()];
  return currency && isCurrency(currency) ? currency : null;
}

/** The default currency of a business in this country (by its country-list name), or null. */
export async function currencyOfCountry(db: Db, countryName: string): Promise<string | null> {
  const [country] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.name, countryName))
    .limit(1);
  return country ? currencyOfCountryCode(country.code) : null;
}

/**
 * A business's currency may change only while nothing counts in it: points per 1.00, cashback
 * tiers, balances and lifetime spend are stored in its units and would silently mean other amounts.
 * So not while a points or cashback reward is active, nor while cards of a retired one remain.
 */
export async function checkCurrencyChange(db: Db, businessId: number, from: string | null, to: string | null) {
  if (from === null || to === null || from === to) return;
  // From the business's few rewards to their cards (cards_reward_idx), not through all its cards.
  const [counting] = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(
      and(
        eq(rewards.businessId, businessId),
        inArray(
          rewards.kind,
          kindsWhere((kind) => kind.needsCurrency),
        ),
        or(
          eq(rewards.active, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(cards)
              .where(eq(cards.rewardId, rewards.id)),
          ),
        ),
      ),
    )
    .limit(1);
  if (counting) {
    throw invalid("currency", sentence("business.currencyLocked", { currency: from }));
  }
}
