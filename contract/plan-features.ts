/**
 * What a paid plan unlocks, by key. A plan lists its keys (`plans.feature_keys`); a contract call
 * that needs one declares it (`feature` on the call) and the API server checks the owner's active
 * plan before the handler runs (server/src/http/route.ts). Reading and removing never need a
 * feature: an owner whose plan lapsed still sees their data, and customers' cards keep working.
 * No zod here: the dashboard's pages may import it.
 */
export const PLAN_FEATURES = {
  /** Businesses and their locations (each plan includes some; more cost a one-off fee). */
  locations: "businesses and locations",
  /** Rewards and the QR codes customers scan. */
  "stamp-cards": "rewards and QR codes",
  staff: "staff accounts",
  messages: "messages to your card holders",
  "product-categories": "product categories",
  /** API keys, the public API, webhooks and till connections. */
  integrations: "integrations (API keys, webhooks and till connections)",
  /** Offers and the vouchers they issue (welcome, birthday, win-back, campaigns, at the scanner). */
  vouchers: "vouchers",
  /** Promotions by weekday and hour that earn more ("happy hours"). */
  "happy-hours": "happy hours",
  /** Levels that earn at their own rate. */
  levels: "levels",
  /** Prepaid visits sold at the counter. */
  multipass: "prepaid visits",
} as const;

export type PlanFeature = keyof typeof PLAN_FEATURES;
export const PLAN_FEATURE_KEYS = Object.keys(PLAN_FEATURES) as PlanFeature[];

/** The features every paid plan has; the Growth plan and above add the rest. */
export const BASIC_FEATURES: PlanFeature[] = ["locations", "stamp-cards", "vouchers"];

/** 403: the owner has no plan, or it lapsed. */
export const NO_ACTIVE_PLAN = "Your plan is not active. Choose a plan first.";

/** 403: the owner's plan does not include what the call needs. */
export const featureNotInPlan = (planName: string, feature: PlanFeature) =>
  `Your ${planName} plan does not include ${PLAN_FEATURES[feature]}. Choose a larger plan on the Plans page to use them.`;
