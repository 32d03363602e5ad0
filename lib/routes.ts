/** Dashboard sections that exist today (spec.md §2 lists the rest; each lands with its issue). */
export const DASHBOARD_TYPES = ["main", "profile"] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/** Pages only for signed-in users. */
export const PROTECTED = ["/dashboard", "/subscription", "/payment", "/thank-you"];
/** Pages a signed-in user has no use for. */
export const GUEST_ONLY = ["/login", "/register"];

const EXACT = new Set([
  "/",
  "/login",
  "/register",
  "/verify-otp",
  "/forgot-password",
  "/forgot-verify-otp",
  "/change-password",
  "/subscription",
  "/privacy-policy",
  "/privacy-policy-1",
  "/terms-condition",
]);

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** True when the path is one of the product's pages; anything else redirects to `/`. */
export function isKnownPage(path: string): boolean {
  if (EXACT.has(path)) return true;
  const dashboard = path.match(/^\/dashboard\/([^/]+)$/);
  return Boolean(dashboard && (DASHBOARD_TYPES as readonly string[]).includes(dashboard[1]!));
}

export const isProtected = (path: string) => PROTECTED.some((p) => under(path, p));
export const isGuestOnly = (path: string) => GUEST_ONLY.some((p) => under(path, p));

/** Where a signed-in user belongs: the dashboard once their plan is paid, else the plans. */
export const homeFor = (statusPayment: string | undefined) =>
  statusPayment === "1" ? "/dashboard/main" : "/subscription";
