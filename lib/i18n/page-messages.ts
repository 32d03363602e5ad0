import type { MessagePath } from "./message-paths";

/**
 * The messages each signed-in page's client components read (app/page-messages.tsx hands the
 * browser these and the shell's, nothing else): a page carried every message of the app, 84 kB
 * of its document, three round trips on a phone where one would do. `page-messages.test.ts`
 * follows each page's imports and names what a page reads and is not given here.
 */
// One page a line, so sections added side by side merge cleanly.
// prettier-ignore
export const PAGE_MESSAGES = {
  "/dashboard/address": ["dashboard.list", "dashboard.ownerOnly", "dashboardMore.address", "dashboardMore.coordinates", "dashboardMore.place"],
  "/dashboard/automations": ["dashboard.ownerOnly", "dashboardMore.automations"],
  "/dashboard/business": ["dashboard.list", "dashboard.ownerOnly", "dashboardMore.business", "dashboardMore.currency", "dashboardMore.place"],
  "/dashboard/card-design": ["cardDesign", "dashboard.ownerOnly"],
  "/dashboard/coupon": ["dashboard.coupon", "dashboard.ownerOnly"],
  "/dashboard/customers": ["customerImport", "dashboard.filters", "dashboardMore.actor", "dashboardMore.customer", "dashboardMore.customers", "dashboardMore.kindFields", "dashboardMore.segments", "kinds", "levels.directory", "multipass.fields", "reach.consent", "rewardCost", "scanner.result"],
  "/dashboard/how-to-use": ["dashboardMore.guide"],
  "/dashboard/insights": ["dashboard.ownerOnly", "insights", "insightsStaff"],
  "/dashboard/integrations": ["dashboard.list", "dashboard.ownerOnly", "dashboardMore.apiKeys", "dashboardMore.integrations", "dashboardMore.till", "dashboardMore.webhooks"],
  "/dashboard/main": ["dashboard.chart", "dashboard.main", "dashboardMore.kindFields", "dashboardMore.rewardSummary", "kinds", "multipass.fields", "offerFigures", "rewardCost", "scanner.result"],
  "/dashboard/my-qr-code": ["dashboard.list", "dashboard.ownerOnly", "dashboard.qr", "dashboardMore.devices", "dashboardMore.kindFields", "dashboardMore.qrForm", "dashboardMore.qrSecurity", "dashboardMore.qrView", "kinds", "multipass.fields", "rewardCost", "scanner.result"],
  "/dashboard/my-scans": ["categories.split", "dashboard.filters", "dashboardMore.actor", "dashboardMore.kindFields", "kinds", "multipass.fields", "multipass.sell", "offers.kinds", "offers.refusals", "offers.scanner", "offers.value", "rewardCost", "scanner"],
  "/dashboard/my-staff": ["dashboard.list", "dashboard.ownerOnly", "dashboard.staff", "dashboard.staffSettings"],
  "/dashboard/notifications": ["channels", "dashboard.notifications", "dashboardMore.feed", "dashboardMore.push", "dashboardMore.segments", "dashboardMore.send", "levels.segment", "reachSettings", "smsEstimate"],
  "/dashboard/offers": ["dashboard.list", "dashboard.ownerOnly", "dashboardMore.segments", "dashboardMore.send", "levels.segment", "offers", "rewardCost"],
  "/dashboard/plans": ["dashboard.billing", "dashboard.ownerOnly"],
  "/dashboard/product-category": ["categories", "dashboard.categories", "dashboard.list", "dashboard.ownerOnly", "dashboardMore.kindFields", "kinds", "multipass.fields", "rewardCost", "scanner.result"],
  "/dashboard/profile": ["auth", "dashboard.profile"],
  "/dashboard/rewards": ["boosts.happyHours", "dashboard.list", "dashboard.ownerOnly", "dashboard.rewards", "dashboardMore.kindFields", "dashboardMore.rewardForm", "dashboardMore.rewardOptions", "dashboardMore.rewardSummary", "kinds", "levels.form", "multipass.fields", "rewardCost", "scanner.result"],
  "/payment": ["dashboardMore.card", "dashboardMore.payment"],
  "/subscription": ["dashboard.plans"],
  "/thank-you": ["dashboard.thankYou"],
} as const satisfies Record<string, readonly MessagePath[]>;

/** A signed-in page, by its path. */
export type SignedInPage = keyof typeof PAGE_MESSAGES;

/** What the signed-in layout's own client components read: the top bar, the menu, the error page. */
export const SHELL_MESSAGES = ["common"] as const satisfies readonly MessagePath[];
