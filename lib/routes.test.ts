import { homeFor, isGuestOnly, isKnownPage, isProtected } from "./routes";

describe("page routing rules", () => {
  it.each([
    "/",
    "/login",
    "/register",
    "/verify-otp",
    "/forgot-password",
    "/forgot-verify-otp",
    "/change-password",
    "/subscription",
    "/dashboard/main",
    "/dashboard/profile",
    "/privacy-policy",
    "/privacy-policy-1",
    "/terms-condition",
  ])("%s is a page", (path) => expect(isKnownPage(path)).toBe(true));

  it.each(["/some/unknown/path", "/dashboard", "/dashboard/nope", "/dashboard/main/extra", "/loginx", "/api"])(
    "%s is not a page",
    (path) => expect(isKnownPage(path)).toBe(false),
  );

  it("protects the signed-in pages and nothing public", () => {
    expect(["/dashboard/main", "/subscription", "/payment", "/thank-you"].every(isProtected)).toBe(true);
    expect(["/", "/login", "/register", "/verify-otp", "/subscriptionx"].some(isProtected)).toBe(false);
  });

  it("keeps signed-in users off login and register only", () => {
    expect(isGuestOnly("/login")).toBe(true);
    expect(isGuestOnly("/register")).toBe(true);
    expect(isGuestOnly("/forgot-password")).toBe(false);
  });

  it("sends paid owners to the dashboard and others to the plans", () => {
    expect(homeFor("1")).toBe("/dashboard/main");
    expect(homeFor("0")).toBe("/subscription");
    expect(homeFor(undefined)).toBe("/subscription");
  });
});
