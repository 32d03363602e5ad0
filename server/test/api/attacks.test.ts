// Findings of the attack on the sign-in surface, each as the test that would have caught it.
import { sql } from "drizzle-orm";
import { createTestApp, expectError, expectInvalid, PASSWORD, type TestApp, uniqueEmail } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenRevoked = async (token: string) => (await t.get("/user-profile", { token })).statusCode === 401;

describe("sessions end only when their token is revoked", () => {
  it("logout with a JSON content type and an empty body revokes the token", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    const res = await t.post("/logout", undefined, { token, raw: "", contentType: "application/json" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: "Logged out successfully.", data: null });
    expect(await tokenRevoked(token)).toBe(true);
  });

  it("signing in again over a live session revokes the earlier token", async () => {
    const user = await t.createUser();
    const first = await t.login(user.email, user.password);
    const second = await t.login(user.email, user.password, { token: first });
    expect(await tokenRevoked(first)).toBe(true);
    expect(await tokenRevoked(second)).toBe(false);
  });

  it("a failed sign-in over a live session leaves it alone", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    expectError(await t.post("/login", { email: user.email, password: "wrong one" }, { token }), 401);
    expect(await tokenRevoked(token)).toBe(false);
  });
});

describe("password checks while signed in are limited", () => {
  it.each([
    [
      "password-update",
      "current_password",
      { password: "a new password 1", password_confirmation: "a new password 1" },
    ],
    ["user-soft-delete", "password", {}],
  ] as const)("%s: 5 wrong passwords, then 429 even with the right one", async (call, field, rest) => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    for (let i = 0; i < 5; i++) {
      expectInvalid(await t.post(`/${call}`, { ...rest, [field]: `wrong ${i}` }, { token }), [field]);
    }
    expectError(await t.post(`/${call}`, { ...rest, [field]: user.password }, { token }), 429);
    expect(await tokenRevoked(token)).toBe(false);
  });

  it("right passwords do not count toward the limit", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    let password = user.password;
    for (let i = 0; i < 7; i++) {
      const next = `rotated password ${i}`;
      const res = await t.post(
        "/password-update",
        { current_password: password, password: next, password_confirmation: next },
        { token },
      );
      expect(res.statusCode).toBe(200);
      password = next;
    }
  });
});

describe("code checks cannot lock a known user out", () => {
  it("ten wrong codes from one address leave verification open to the owner elsewhere", async () => {
    const creds = await t.register();
    const attacker = "203.0.113.90";
    for (let i = 0; i < 10; i++) {
      const res = await t.post(
        "/otp-verify",
        { email: creds.email, otp: String(100000 + i), purpose: "register" },
        { ip: attacker },
      );
      expect(res.statusCode).toBe(422);
    }
    expectError(
      await t.post("/otp-verify", { email: creds.email, otp: "999999", purpose: "register" }, { ip: attacker }),
      429,
    );
    // The guesses used up that code; the owner asks for a new one and verifies from their own place.
    await t.expireRateLimits("otp-send:");
    const owner = "198.51.100.200";
    expect((await t.post("/resend-otp", { email: creds.email, purpose: "register" }, { ip: owner })).statusCode).toBe(
      200,
    );
    const res = await t.post(
      "/otp-verify",
      { email: creds.email, otp: await t.lastOtp(creds.email), purpose: "register" },
      { ip: owner },
    );
    expect(res.statusCode).toBe(200);
    expect((await t.post("/login", { email: creds.email, password: PASSWORD }, { ip: owner })).statusCode).toBe(200);
  });
});

describe("odd bodies are 4xx, never 5xx", () => {
  it("refuses 200 000 nested brackets with 422 and writes nothing", async () => {
    const before = await t.count("password_resets");
    const res = await t.post("/reset-password", undefined, {
      raw: "[".repeat(200_000),
      contentType: "application/json",
    });
    expectInvalid(res, ["_"]);
    expect(res.body.errors).toEqual({ _: ["The request body is nested too deeply."] });
    const objects = await t.post("/login", undefined, {
      raw: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
      contentType: "application/json",
    });
    expect(objects.statusCode).toBe(422);
    expect(await t.count("password_resets")).toBe(before);
  });

  it("still reads brackets inside strings as text", async () => {
    const res = await t.post("/login", undefined, {
      raw: JSON.stringify({ email: uniqueEmail(), password: "[".repeat(100) }),
      contentType: "application/json",
    });
    expectError(res, 401);
  });

  it("answers HEAD on a GET call with 200 and no body", async () => {
    const res = await t.request("HEAD", "/health");
    expect(res.statusCode).toBe(200);
    expect(res.text).toBe("");
  });
});

describe("no account enumeration by timing", () => {
  /** Milliseconds one call takes, as the client sees it. */
  async function timed(call: () => Promise<unknown>) {
    const start = process.hrtime.bigint();
    await call();
    return Number(process.hrtime.bigint() - start) / 1e6;
  }

  /**
   * How often a sample of `a` is slower than one of `b` (0.5: indistinguishable; 1.0: always
   * slower). The distribution-free comparison behind the Mann–Whitney U test.
   */
  const superiority = (a: number[], b: number[]) => {
    let wins = 0;
    for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
    return wins / (a.length * b.length);
  };

  it.each([
    ["forgot-password", (email: string) => ({ email })],
    ["resend-otp", (email: string) => ({ email, purpose: "forgot-password" })],
  ] as const)("%s takes as long for an existing account as for an unknown email", async (call, body) => {
    const n = 30;
    const existing = await Promise.all(Array.from({ length: n }, () => t.createUser()));
    const known: number[] = [];
    const unknown: number[] = [];
    const measure = async (existingAccount: boolean, i: number) => {
      const email = existingAccount ? existing[i]!.email : uniqueEmail("nobody");
      (existingAccount ? known : unknown).push(await timed(() => t.post(`/${call}`, body(email))));
      // The mail of the previous call goes out before the next measurement, so neither pays for it.
      await t.settle();
    };
    for (let i = 0; i < n; i++) {
      // Which goes first in a pair is a coin toss: after-effects of one call (GC) fall on both sides.
      const knownFirst = Math.random() < 0.5;
      await measure(knownFirst, i);
      await measure(!knownFirst, i);
    }
    // The code mails went out all the same (after the answers).
    expect(await t.mailsTo(existing[0]!.email)).toHaveLength(1);
    // Before the fix, an existing account was slower in every pair (superiority 1.0).
    const p = superiority(known, unknown);
    expect(p).toBeGreaterThan(0.15);
    expect(p).toBeLessThan(0.85);
  });
});

describe("pending registrations", () => {
  it("resend-otp (register) sends a new code for the waiting registration, with its data", async () => {
    const creds = await t.register({ name: "Waiting Owner" });
    await t.expireRateLimits("otp-send:");
    expect((await t.post("/resend-otp", { email: creds.email, purpose: "register" })).statusCode).toBe(200);
    expect(await t.mailsTo(creds.email)).toHaveLength(2);
    const res = await t.post("/otp-verify", {
      email: creds.email,
      otp: await t.lastOtp(creds.email),
      purpose: "register",
    });
    expect(res.statusCode).toBe(200);
    const [user] = await t.query<{ name: string }>(sql`select name from users where email = ${creds.email}`);
    expect(user!.name).toBe("Waiting Owner");
  });
});
