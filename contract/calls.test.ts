import { calls, findCall } from "./calls";

describe("the call list", () => {
  it("has the six auth calls as public POSTs", () => {
    for (const path of ["/login", "/register", "/otp-verify", "/forgot-password", "/reset-password", "/resend-otp"]) {
      expect(findCall("POST", path)).toMatchObject({ method: "POST", path, access: "public" });
    }
  });

  it("needs a signed-in user for the account calls, and an owner to delete the account", () => {
    expect(calls.userProfile).toMatchObject({ method: "GET", path: "/user-profile", access: "user" });
    expect(calls.logout.access).toBe("user");
    expect(calls.profileUpdate.access).toBe("user");
    expect(calls.passwordUpdate.access).toBe("user");
    expect(calls.userSoftDelete.access).toBe("owner");
  });

  it("has one entry per method and path, each path under the API base", () => {
    const keys = Object.values(calls).map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of Object.values(calls)) {
      // Apple's pass web service has its own path shape, under one prefix.
      if (call.path.startsWith("/apple-wallet/v1/")) expect(call.path).toMatch(/^(\/(v1|[a-z-]+|:[a-z_]+))+$/);
      // The OpenAPI document keeps the name tools look for.
      else if (call === calls.openapi) expect(call.path).toBe("/openapi.json");
      // Twilio's webhooks: one path per kind of request (/hooks/twilio/inbound, /hooks/twilio/status).
      else if (call.path.startsWith("/hooks/twilio/")) expect(call.path).toMatch(/^\/hooks\/twilio\/(inbound|status)$/);
      // The till's receivers are one path per platform (/hooks/shopify/:connection_id).
      else expect(call.path).toMatch(/^\/[a-z-]+(\/(shopify|square))?(\/:[a-z_]+)?$/);
    }
  });

  it("declares a maximum on every list call", () => {
    // No call answers an unbounded list. A list is named so (…-list, list-…), or is
    // Apple's updated-serials call; scan-export is a file streamed in batches, not a list answer.
    const lists = Object.entries(calls).filter(
      ([name, call]) =>
        // home-page-list answers one page by slug: a list by its long-standing name only.
        (/List$|^list[A-Z]/.test(name) && name !== "homePageList") || call.path.endsWith("/:pass_type_id"),
    );
    expect(lists.length).toBeGreaterThanOrEqual(16);
    for (const [name, call] of lists) {
      expect([name, "list" in call && call.list.max > 0]).toEqual([name, true]);
    }
  });

  it("every POST that takes input has a body schema", () => {
    // These act on the caller's own session or feed as a whole: they take no input.
    const noInput = ["logout", "notificationRead", "notificationClear", "cardUnsubscribe"];
    for (const [name, call] of Object.entries(calls)) {
      if (call.method === "POST" && !noInput.includes(name)) expect("body" in call && call.body).toBeTruthy();
    }
  });
});

describe("findCall", () => {
  it("finds a call by method (any case) and path", () => {
    expect(findCall("post", "/login")).toBe(calls.login);
    expect(findCall("GET", "/user-profile")).toBe(calls.userProfile);
  });

  it("answers undefined for anything else (the BFF forwards nothing outside the contract)", () => {
    expect(findCall("GET", "/login")).toBeUndefined();
    expect(findCall("POST", "/login/")).toBeUndefined();
    expect(findCall("DELETE", "/user-profile")).toBeUndefined();
    expect(findCall("POST", "/admin")).toBeUndefined();
  });

  it("matches a path parameter as exactly one non-empty segment", () => {
    expect(findCall("GET", "/files/12")).toBe(calls.file);
    expect(findCall("get", "/files/abc")).toBe(calls.file);
    expect(findCall("GET", "/files")).toBeUndefined();
    expect(findCall("GET", "/files/")).toBeUndefined();
    expect(findCall("GET", "/files/1/2")).toBeUndefined();
    expect(findCall("GET", "/xfiles/1")).toBeUndefined();
    expect(findCall("POST", "/files/1")).toBeUndefined();
  });
});

describe("Apple's pass web service", () => {
  const device = "/apple-wallet/v1/devices/a1b2c3/registrations/pass.com.example.cards";
  it("routes Apple's five endpoints, DELETE included, by method and segment count", () => {
    expect(findCall("POST", `${device}/LC-AAAA-BBBB-CCCC`)).toBe(calls.appleRegisterDevice);
    expect(findCall("DELETE", `${device}/LC-AAAA-BBBB-CCCC`)).toBe(calls.appleUnregisterDevice);
    expect(findCall("GET", device)).toBe(calls.appleUpdatedPasses);
    expect(findCall("GET", "/apple-wallet/v1/passes/pass.com.example.cards/LC-AAAA-BBBB-CCCC")).toBe(
      calls.appleLatestPass,
    );
    expect(findCall("POST", "/apple-wallet/v1/log")).toBe(calls.appleLog);
    expect(findCall("GET", `${device}/LC-AAAA-BBBB-CCCC`)).toBeUndefined();
    expect(findCall("DELETE", "/apple-wallet/v1/log")).toBeUndefined();
  });

  it("lets only the calls that take Apple's token forward the client's Authorization header", () => {
    const forwarding = Object.entries(calls)
      .filter(([, call]) => "authorization" in call)
      .map(([name]) => name)
      .sort();
    expect(forwarding).toEqual(["appleLatestPass", "appleRegisterDevice", "appleUnregisterDevice"]);
  });
});

describe("the dashboard calls", () => {
  it("keeps their established paths, with owner-only access for everything that changes or lists owner data", () => {
    const ownerOnly = [
      "/business-list",
      "/add-business",
      "/delete-business",
      "/address-list",
      "/add-address",
      "/delete-address",
      "/product-category-list",
      "/product-category-add",
      "/product-category-delete",
      "/staff-list",
      "/add-staff",
      "/delete-staff",
    ];
    for (const path of ownerOnly) {
      const call = findCall(path.includes("list") ? "GET" : "POST", path);
      expect(call?.access).toBe("owner");
    }
    expect(calls.dashboardDetails.access).toBe("user");
    expect(calls.staffInvite).toMatchObject({ method: "GET", path: "/staff-invite", access: "public" });
    expect(calls.acceptInvite).toMatchObject({ method: "POST", path: "/accept-invite", access: "public" });
  });
});
