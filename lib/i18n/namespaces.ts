/**
 * The message files of each locale: `messages/<locale>/<namespace>.json`. Each part of the app
 * owns its namespace (common: shared UI; site, auth, dashboard, card, cardDesign, scanner), so a
 * new part adds its file for all six locales and one line here. `messages.test.ts` fails when a
 * file or a key is missing in any locale.
 */
// One namespace a line, so parts added side by side merge cleanly.
// prettier-ignore
export const NAMESPACES = [
  "auth",
  "boosts",
  "card",
  "categories",
  "channels",
  "cardDesign",
  "common",
  "contact",
  "customerImport",
  "dashboard",
  "dashboardMore",
  "failures",
  "insights",
  "insightsStaff",
  "kinds",
  "levels",
  "multipass",
  "offerFigures",
  "offers",
  "reach",
  "reachSettings",
  "rewardCost",
  "scanner",
  "site",
  "smsEstimate",
  "vouchers",
] as const;

export type Namespace = (typeof NAMESPACES)[number];
