import { sql } from "drizzle-orm";
import { loginResponse } from "../../../contract/auth";
import { createTestApp, expectError, type TestApp, uniqueEmail } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BAD_CREDENTIALS = "These credentials do not match our records.";

const counter = async (key: string) =>
  Number((await t.query<{ count: number }>(sql`select count from rate_limits where key = ${key}`))[0]?.count ?? 0);

describe("POST /login", () => {
  it("answers status, auth_token at the top level and the profile with status_payment", async () => {
    const user = await t.signUp({ name: "Login Owner", phone_number: "+1 555 0199" });

    const res = await t.post("/login", { email: user.email, password: user.password });

    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["auth_token", "data", "message", "status"]);
    expect(res.body).toEqual({
      status: true,
      message: "Login successful.",
      auth_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      data: {
        id: user.id,
        name: "Login Owner",
        email: user.email,
        phone_number: "+1 555 0199",
        role: "owner",
        status_payment: "0",
        locale: null,
        email_verified_at: expect.any(String),
        created_at: expect.any(String),
      },
    });
    expect(loginResponse.safeParse(res.body).success).toBe(true);
    expect(res.text).not.toContain("argon2");
    // The token works.
    expect((await t.get("/user-profile", { token: res.body.auth_token as string })).statusCode).toBe(200);
  });

  it('answers status_payment "1" exactly while a plan period is active, derived from the payments', async () => {
    const user = await t.createUser({ plan: false });
    const statusOf = async () =>
      ((await t.post("/login", { email: user.email, password: user.password })).body.data as { status_payment: string })
        .status_payment;
    expect(await statusOf()).toBe("0");
    const payment = await t.subscribe(user.id, "Starter");
    expect(await statusOf()).toBe("1");
    // The period ends: the plan has lapsed.
    await t.query(sql`update payments set period_end = now() - interval '1 second' where id = ${payment.id}`);
    expect(await statusOf()).toBe("0");
  });

  it("accepts the email in any case and with spaces around it", async () => {
    const user = await t.createUser();
    const res = await t.post("/login", { email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
    // The same account, not a new one: its profile, and the token is stored for its id.
    expect(res.body.data).toMatchObject({ id: user.id, email: user.email });
    const profile = await t.get("/user-profile", { token: res.body.auth_token as string });
    expect(profile.body.data).toMatchObject({ id: user.id, email: user.email });
    const tokens = await t.query<{ user_id: number }>(
      sql`select user_id from api_tokens where user_id = ${user.id} and revoked_at is null`,
    );
    expect(tokens.map((row) => Number(row.user_id))).toEqual([user.id]);
    const accounts = await t.query<{ n: number }>(
      sql`select count(*)::int as n from users where lower(email) = ${user.email}`,
    );
    expect(accounts[0]!.n).toBe(1);
  });

  it("refuses a wrong password with 401 and the standard message, issuing no token", async () => {
    const user = await t.createUser();
    const tokensBefore = await t.count("api_tokens");
    const res = await t.post("/login", { email: user.email, password: "wrong password" });
    expectError(res, 401, BAD_CREDENTIALS);
    expect(res.body.auth_token).toBeUndefined();
    expect(await t.count("api_tokens")).toBe(tokensBefore);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const user = await t.createUser();
    const wrongPassword = await t.post("/login", { email: user.email, password: "wrong password" });
    const unknown = await t.post("/login", { email: uniqueEmail("unknown"), password: "wrong password" });
    expectError(unknown, 401, BAD_CREDENTIALS);
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it("refuses an unverified account with 403 and sends it a code", async () => {
    const user = await t.createUser({ verified: false });
    const res = await t.post("/login", { email: user.email, password: user.password });
    expectError(res, 403, "Please verify your email address. We have sent a code to your email.");
    expect(res.body.errors).toEqual({ email_verified: ["The email address is not verified yet."] });
    expect(res.body.auth_token).toBeUndefined();
    const code = await t.lastOtp(user.email);
    expect((await t.post("/otp-verify", { email: user.email, otp: code, purpose: "register" })).statusCode).toBe(200);
    expect((await t.post("/login", { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it("answers 403 for an unverified account only with the right password", async () => {
    const user = await t.createUser({ verified: false });
    expectError(await t.post("/login", { email: user.email, password: "not it at all" }), 401, BAD_CREDENTIALS);
    expect(await t.mailsTo(user.email)).toHaveLength(0);
  });
});

describe("login rate limits", () => {
  it("stops guessing one account from one address after 10 failures, without locking its owner out elsewhere", async () => {
    const user = await t.createUser();
    const attacker = "198.51.100.66";
    for (let i = 0; i < 10; i++) {
      expectError(await t.post("/login", { email: user.email, password: `wrong-${i}` }, { ip: attacker }), 401);
    }
    const refused = await t.post("/login", { email: user.email, password: user.password }, { ip: attacker });
    expectError(refused, 429, "Too many attempts. Please try again in 15 minutes.");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The owner, from their own address, signs in as usual.
    expect(
      (await t.post("/login", { email: user.email, password: user.password }, { ip: "198.51.100.7" })).statusCode,
    ).toBe(200);
    // When the window has passed, the guessing address may try again.
    await t.expireRateLimits(`login:email-ip:${user.email}:${attacker}`);
    expect((await t.post("/login", { email: user.email, password: user.password }, { ip: attacker })).statusCode).toBe(
      200,
    );
  });

  it("counts failures only: successful logins never add up to a lock-out", async () => {
    const user = await t.createUser();
    const ip = "198.51.100.8";
    for (let i = 0; i < 15; i++) {
      expect((await t.post("/login", { email: user.email, password: user.password }, { ip })).statusCode).toBe(200);
    }
    expect(await counter(`login:email-ip:${user.email}:${ip}`)).toBe(0);
    expect(await counter(`login:email:${user.email}`)).toBe(0);
    expect(await counter(`login:ip:${ip}`)).toBe(0);
  });

  it("keeps a slower ceiling per email against guessing from many addresses, lifted by a password reset", async () => {
    const user = await t.createUser();
    // 100 failures from 10 addresses, 10 each: no single address hits its own limit.
    for (let i = 0; i < 100; i++) {
      const res = await t.post("/login", { email: user.email, password: `w-${i}` }, { ip: `198.18.1.${i % 10}` });
      expect(res.statusCode).toBe(401);
    }
    expectError(
      await t.post("/login", { email: user.email, password: user.password }, { ip: "198.18.2.1" }),
      429,
      "Too many attempts. Please try again in 60 minutes.",
    );
    // The owner resets the password by email code; that lifts the ceiling.
    expect((await t.post("/forgot-password", { email: user.email })).statusCode).toBe(200);
    const verified = await t.post("/otp-verify", {
      email: user.email,
      otp: await t.lastOtp(user.email),
      purpose: "forgot-password",
    });
    const reset = await t.post("/reset-password", {
      email: user.email,
      reset_token: (verified.body.data as { reset_token: string }).reset_token,
      password: "a brand new password",
      password_confirmation: "a brand new password",
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.post("/login", { email: user.email, password: "a brand new password" }, { ip: "198.18.2.1" }))
        .statusCode,
    ).toBe(200);
  }, 30_000);

  it("allows 60 failures per client address in 15 minutes, counted atomically", async () => {
    const ip = "192.0.2.10";
    const attempts = await Promise.all(
      Array.from({ length: 61 }, (_, i) =>
        t.post("/login", { email: `ip-limit-${i}@example.com`, password: "guess" }, { ip }),
      ),
    );
    const statuses = attempts.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // The refused attempt checked nothing and is not a failure.
    expect(await counter(`login:ip:${ip}`)).toBe(60);

    const user = await t.createUser();
    expectError(await t.post("/login", { email: user.email, password: user.password }, { ip }), 429);
    expect(
      (await t.post("/login", { email: user.email, password: user.password }, { ip: "192.0.2.11" })).statusCode,
    ).toBe(200);
  });

  it("counts the client behind a trusted proxy by X-Forwarded-For, and ignores the header from anyone else", async () => {
    const user = await t.createUser();
    const viaProxy = (client: string) =>
      t.post(
        "/login",
        { email: user.email, password: "wrong" },
        { ip: "127.0.0.1", headers: { "x-forwarded-for": client } },
      );
    expect((await viaProxy("198.18.0.1")).statusCode).toBe(401);
    expect(await counter("login:ip:198.18.0.1")).toBe(1);
    expect(await counter("login:ip:127.0.0.1")).toBe(0);

    // A direct client cannot choose its address by sending the header.
    const direct = await t.post(
      "/login",
      { email: user.email, password: "wrong" },
      { ip: "192.0.2.50", headers: { "x-forwarded-for": "198.18.0.2" } },
    );
    expect(direct.statusCode).toBe(401);
    expect(await counter("login:ip:192.0.2.50")).toBe(1);
    expect(await counter("login:ip:198.18.0.2")).toBe(0);
  });

  it("keeps the counters in the database, so a second API instance on the same database sees them", async () => {
    const second = await createTestApp({}, { database: await t.testDatabase!.connectAgain() });
    try {
      const user = await t.createUser();
      for (let i = 0; i < 10; i++) {
        const instance = i % 2 === 0 ? t : second;
        expectError(await instance.post("/login", { email: user.email, password: `wrong-${i}` }), 401);
      }
      // Five failures went to each instance; both refuse the eleventh from the same address.
      expectError(await second.post("/login", { email: user.email, password: user.password }), 429);
      expectError(await t.post("/login", { email: user.email, password: user.password }), 429);
      expect(await counter(`login:email:${user.email}`)).toBe(10);
    } finally {
      await second.close();
    }
  });
});
