import type { SubscriptionPlan } from "../../../../contract/plans";
import type { Locale } from "../../../../contract/locales";
import type { Plan } from "../../db/schema";
import { localizeContent } from "../../i18n/localized-content";

/** 2900 → "29.00": integer minor units to the contract's major-unit string, without floats. */
export function formatMinor(amountMinor: number): string {
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "29.00" → 2900, for callers that take a major-unit amount (payments). */
export function parseMajor(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** A plan as the list answers it, its name and selling points in `locale` (English where none). */
export function presentPlan(plan: Plan, locale: Locale = "en"): SubscriptionPlan {
  const texts = localizeContent({ name: plan.name, features: plan.features }, plan.translations, locale);
  return {
    id: plan.id,
    name: texts.name,
    amount: formatMinor(plan.amountMinor),
    currency: plan.currency,
    interval: plan.interval,
    features: texts.features,
    included_businesses: plan.includedBusinesses,
    included_addresses: plan.includedAddresses,
  };
}
