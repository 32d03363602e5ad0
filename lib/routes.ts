import { isPublicPage } from "./public-pages.mjs";

/** The dashboard's sections: each is a route folder of its own, app/(app)/dashboard/<section>. */
export const DASHBOARD_SECTIONS = [
  "main",
  "business",
  "my-qr-code",
  "my-scans",
  "rewards",
  "offers",
  "address",
  "notifications",
  "product-category",
  "profile",
  "my-staff",
  "how-to-use",
  "plans",
  "coupon",
  "customers",
  "automations",
  "card-design",
  "integrations",
  "insights",
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

const isDashboardSection = (section: string): section is DashboardSection =>
  (DASHBOARD_SECTIONS as readonly string[]).includes(section);

export const DASHBOARD_HOME = "/dashboard/main";

/** Pages only for signed-in users. */
export const PROTECTED = ["/dashboard", "/subscription", "/payment", "/thank-you", "/counter"];
/** Pages a signed-in user has no use for. */
export const GUEST_ONLY = ["/login", "/register"];

/** The app's own pages; the public site's (every language) are lib/public-pages.mjs's. */
const EXACT = new Set([
  "/login",
  "/register",
  "/verify-otp",
  "/forgot-password",
  "/forgot-verify-otp",
  "/change-password",
  "/subscription",
  "/payment",
  "/thank-you",
  // The customer's card (public: customers have no account).
  "/add-to-wallet",
  // A card's message choices, by the token of its mails (public as well).
  "/card/preferences",
]);

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** `/add-user/{token}`: the staff invite page (public, no top bar). */
const INVITE_PAGE = /^\/add-user\/[A-Za-z0-9_-]{20,200}$/;
/** `/counter/{qr id}`: a QR code's counter screen (signed in as owner or staff). */
export const COUNTER_PAGE = /^\/counter\/[1-9]\d{0,9}$/;
/** `/dashboard/{type}`: any one segment; an unknown type is sent on to the main dashboard. */
const DASHBOARD_PAGE = /^\/dashboard\/([^/]+)$/;

/** True when the path is one of the product's pages; anything else redirects to `/`. */
export function isKnownPage(path: string): boolean {
  return (
    EXACT.has(path) ||
    isPublicPage(path) ||
    INVITE_PAGE.test(path) ||
    DASHBOARD_PAGE.test(path) ||
    COUNTER_PAGE.test(path)
  );
}

/** Where a dashboard path that is not a section goes (`/dashboard`, `/dashboard/nope`), else null. */
export function dashboardFallback(path: string): string | null {
  if (path === "/dashboard") return DASHBOARD_HOME;
  const type = path.match(DASHBOARD_PAGE)?.[1];
  return type !== undefined && !isDashboardSection(type) ? DASHBOARD_HOME : null;
}

export const isProtected = (path: string) => PROTECTED.some((p) => under(path, p));
export const isGuestOnly = (path: string) => GUEST_ONLY.some((p) => under(path, p));

/**
 * Where a signed-in user belongs: the dashboard once their plan is paid, else the plans. Staff
 * do not pay (their owner does): always the dashboard.
 */
export const homeFor = (statusPayment: string | undefined, role?: string) =>
  statusPayment === "1" || role === "staff" ? DASHBOARD_HOME : "/subscription";
