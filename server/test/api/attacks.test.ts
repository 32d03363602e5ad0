// Findings of the attack on the sign-in surface, each as the test that would have caught it.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestApp, expectError, expectInvalid, PASSWORD, type TestApp, uniqueEmail } from "../helpers/app";
import { jobsOf } from "../helpers/jobs";

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

describe("no account enumeration: an existing account and an unknown email look the same", () => {
  type Row = { n: number };
  /**
   * Codes and mails for this address as they are now (mails sent or still queued), read directly:
   * no job runs first.
   */
  const traces = async (email: string) => {
    const [codes] = await t.query<Row>(sql`select count(*)::int as n from otps where email = ${email}`);
    const [sent] = await t.query<Row>(sql`select count(*)::int as n from mail_outbox where "to" = ${email}`);
    const queued = (await jobsOf(t.query, "mail")).filter(
      (j) => ["outbox", "created", "retry", "active"].includes(j.state) && (j.data as { to?: string }).to === email,
    );
    return { codes: codes!.n, mails: sent!.n + queued.length };
  };
  /** What a caller sees of an answer, with the address it was asked about taken out. */
  const seen = (res: { statusCode: number; text: string; headers: Record<string, unknown> }, email: string) => {
    const { date: _date, "x-request-id": _id, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: Buffer.from(res.text.split(email).join("<email>")) };
  };
  /** Two addresses of the same length, so even Content-Length cannot tell them apart. */
  const twoAddresses = () => {
    const stem = randomBytes(6).toString("hex");
    return { known: `known-${stem}@example.com`, other: `other-${stem}@example.com` };
  };

  it.each([
    ["forgot-password", "forgot-password", (email: string) => ({ email })],
    ["resend-otp", "forgot-password", (email: string) => ({ email, purpose: "forgot-password" })],
    ["resend-otp", "register", (email: string) => ({ email, purpose: "register" })],
  ] as const)("%s (%s): same answer, and the account is looked up only by the job", async (call, purpose, body) => {
    const { known, other } = twoAddresses();
    if (purpose === "register") {
      // An account for resend-otp (register) is a registration waiting for its code.
      await t.register({ email: known });
      await t.expireRateLimits("otp-send:");
    } else {
      await t.createUser({ email: known });
    }
    await t.settle();
    const before = await traces(known);

    const existing = await t.post(`/${call}`, body(known));
    const unknown = await t.post(`/${call}`, body(other));
    expect(existing.statusCode).toBe(200);
    expect(seen(existing, known)).toEqual(seen(unknown, other));

    // Test apps run no workers: until settle() runs the job, nothing has been done for the account,
    // so the answer cannot have waited for its look-up or its mail.
    expect(await traces(known)).toEqual(before);
    const queued = await jobsOf(t.query, "otp-request");
    const dataFor = (email: string) => queued.filter((j) => (j.data as { email?: string }).email === email);
    expect(dataFor(known)).toEqual([expect.objectContaining({ state: "outbox", data: { email: known, purpose } })]);
    expect(dataFor(other)).toEqual([expect.objectContaining({ state: "outbox", data: { email: other, purpose } })]);

    // The job then sends the existing account its code, and nothing to the unknown email.
    await t.settle();
    expect(await traces(known)).toEqual({ mails: before.mails + 1, codes: before.codes + 1 });
    expect(await traces(other)).toEqual({ mails: 0, codes: 0 });
    expect(await t.lastOtp(known)).toMatch(/^\d{6}$/);
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
