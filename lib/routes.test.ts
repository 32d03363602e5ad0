import { dashboardFallback, homeFor, isGuestOnly, isKnownPage, isProtected } from "./routes";

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
    "/dashboard/business",
    "/dashboard/address",
    "/dashboard/product-category",
    "/dashboard/my-staff",
    "/dashboard/how-to-use",
    "/add-user/Abc_def-0123456789xyzXYZ",
    "/privacy-policy",
    "/privacy-policy-1",
    "/terms-condition",
    "/card/preferences",
  ])("%s is a page", (path) => expect(isKnownPage(path)).toBe(true));

  it.each([
    "/some/unknown/path",
    "/dashboard",
    "/dashboard/main/extra",
    "/loginx",
    "/api",
    "/add-user",
    "/add-user/short",
    "/add-user/Abc_def-0123456789xyzXYZ/x",
  ])("%s is not a page", (path) => expect(isKnownPage(path)).toBe(false));

  it("sends an unknown dashboard type to the main dashboard", () => {
    expect(dashboardFallback("/dashboard/nope")).toBe("/dashboard/main");
    expect(dashboardFallback("/dashboard")).toBe("/dashboard/main");
    expect(dashboardFallback("/dashboard/business")).toBeNull();
    // Sections are route folders of their own (app/(app)/dashboard/<section>).
    expect(dashboardFallback("/dashboard/integrations")).toBeNull();
    expect(dashboardFallback("/dashboard/card-design")).toBeNull();
    expect(dashboardFallback("/dashboard/main/extra")).toBeNull();
    expect(dashboardFallback("/login")).toBeNull();
    expect(isKnownPage("/dashboard/nope")).toBe(true);
  });

  it("keeps the invite page open to everyone", () => {
    expect(isProtected("/add-user/Abc_def-0123456789xyzXYZ")).toBe(false);
    expect(isGuestOnly("/add-user/Abc_def-0123456789xyzXYZ")).toBe(false);
  });

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
    expect(homeFor("0", "staff")).toBe("/dashboard/main");
    expect(homeFor("0", "owner")).toBe("/subscription");
  });
});
