import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { plans } from "../db/schema";
import { PLAN_TRANSLATIONS } from "./site-translations";
import { BASIC_FEATURES, PLAN_FEATURE_KEYS, type PlanFeature } from "../../../contract/plan-features";

/** What Growth and above sell beyond Starter: staff, messages, product categories and integrations. */
const ALL_FEATURES: PlanFeature[] = PLAN_FEATURE_KEYS;

/** The plans a fresh installation sells; prices in minor units (1900 = 19.00). */
export const SEED_PLANS = [
  {
    name: "Starter",
    amountMinor: 1900,
    currency: "USD",
    interval: "month" as const,
    includedBusinesses: 1,
    includedAddresses: 1,
    smsAllowance: 100,
    smsPricePerSegment: "0.0600",
    sortOrder: 1,
    featureKeys: BASIC_FEATURES,
    features: [
      "1 business and 1 location",
      "Unlimited digital stamp cards",
      "Printable QR codes for your counter",
      "Stamp rewards and coupons",
      "Scan history and customer insights",
    ],
  },
  {
    name: "Growth",
    amountMinor: 4900,
    currency: "USD",
    interval: "month" as const,
    includedBusinesses: 3,
    includedAddresses: 5,
    smsAllowance: 500,
    smsPricePerSegment: "0.0500",
    sortOrder: 2,
    featureKeys: ALL_FEATURES,
    features: [
      "3 businesses and 5 locations",
      "Everything in Starter",
      "Staff accounts with their own scanner",
      "Messages to your card holders",
      "Product categories for rewards",
      "Integrations: API keys, webhooks and your till",
    ],
  },
  {
    name: "Business Annual",
    amountMinor: 49000,
    currency: "USD",
    interval: "year" as const,
    includedBusinesses: 10,
    includedAddresses: 25,
    smsAllowance: 2000,
    smsPricePerSegment: "0.0400",
    sortOrder: 3,
    featureKeys: ALL_FEATURES,
    features: [
      "10 businesses and 25 locations",
      "Everything in Growth",
      "Two months free compared with monthly billing",
      "Priority email support",
    ],
  },
];

/**
 * Idempotent: adds the plans that are missing by name and leaves the operator's edits alone. A
 * plan seeded before the site spoke every language gets the seeded translations of its selling
 * points, as long as it has none and its English points are still the seed's.
 */
export async function seedPlans(db: Db) {
  await db
    .insert(plans)
    .values(SEED_PLANS.map((plan) => ({ ...plan, translations: PLAN_TRANSLATIONS[plan.name] ?? {} })))
    .onConflictDoUpdate({
      target: plans.name,
      set: { translations: sql`excluded.translations` },
      setWhere: sql`${plans.translations} = '{}'::jsonb and ${plans.features} = excluded.features`,
    });
}
