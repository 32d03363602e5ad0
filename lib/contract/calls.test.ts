import { calls, findCall } from "./calls";

describe("the call list", () => {
  it("has the auth calls of spec.md §7 as public POSTs", () => {
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
    for (const call of Object.values(calls)) expect(call.path).toMatch(/^\/[a-z-]+$/);
  });

  it("every POST that takes input has a body schema", () => {
    for (const [name, call] of Object.entries(calls)) {
      if (call.method === "POST" && name !== "logout") expect("body" in call && call.body).toBeTruthy();
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
});
