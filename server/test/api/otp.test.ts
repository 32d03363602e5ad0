import { sql } from "drizzle-orm";
import { createTestApp, expectError, expectInvalid, PASSWORD, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const otps = (email: string) =>
  t.query<{ id: number; code_hash: string; attempts: number; consumed_at: Date | null; purpose: string }>(
    sql`select id, code_hash, attempts, consumed_at, purpose from otps where email = ${email} order by id`,
  );

const verify = (email: string, otp: string, purpose: "register" | "forgot-password" = "register") =>
  t.post("/otp-verify", { email, otp, purpose });

/** A verified account exists (a registration waiting for its code has no account yet). */
const isVerified = async (email: string) =>
  Boolean(
    (await t.query<{ v: Date | null }>(sql`select email_verified_at as v from users where email = ${email}`))[0]?.v,
  );

/** A code that is not `code` (a wrong guess). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** "A minute passes" for the once-a-minute code throttle. */
const minutePasses = () => t.expireRateLimits("otp-send:");

describe("POST /otp-verify", () => {
  it("verifies the email with the registration code", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);
    expect(await isVerified(email)).toBe(false);

    const res = await verify(email, code);

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: "Your email address has been verified. You can now log in.",
      data: { purpose: "register", email },
    });
    expect(await isVerified(email)).toBe(true);
    expect((await t.post("/login", { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it("stores the code hashed (argon2id), not the 6 digits", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);
    const [row] = await otps(email);
    expect(row!.code_hash).toMatch(/^\$argon2id\$/);
    expect(row!.code_hash).not.toContain(code);
    const [raw] = await t.query<Record<string, unknown>>(sql`select * from otps where id = ${row!.id}`);
    expect(JSON.stringify(raw)).not.toContain(code);
  });

  it("refuses a wrong code with 422 errors.otp and the attempts left", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);

    const res = await verify(email, wrong(code));

    expectInvalid(res, ["otp"]);
    expect(res.body.message).toBe("The code is incorrect. 4 attempts left.");
    expect(res.body.errors).toEqual({ otp: ["The code is incorrect. 4 attempts left."] });
    expect(await isVerified(email)).toBe(false);
    expect((await verify(email, wrong(code))).body.message).toBe("The code is incorrect. 3 attempts left.");
  });

  it("after 5 wrong attempts refuses even the right code", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await verify(email, wrong(code));
      expect(res.statusCode).toBe(422);
      messages.push(res.body.message);
    }
    expect(messages).toEqual([
      "The code is incorrect. 4 attempts left.",
      "The code is incorrect. 3 attempts left.",
      "The code is incorrect. 2 attempts left.",
      "The code is incorrect. 1 attempt left.",
      "Too many wrong codes. Please request a new code.",
    ]);

    const res = await verify(email, code);

    expectInvalid(res, ["otp"]);
    expect(res.body.message).toBe("Too many wrong codes. Please request a new code.");
    expect(await isVerified(email)).toBe(false);
    expect((await otps(email))[0]!.attempts).toBe(5);

    // A new code (after the resend minute) works again.
    await minutePasses();
    expect((await t.post("/resend-otp", { email, purpose: "register" })).statusCode).toBe(200);
    expect((await verify(email, await t.lastOtp(email))).statusCode).toBe(200);
  });

  it("refuses an expired code", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);
    await t.query(sql`update otps set expires_at = now() - interval '1 second' where email = ${email}`);

    const res = await verify(email, code);

    expectInvalid(res, ["otp"]);
    expect(res.body.message).toBe("The code is invalid or has expired. Please request a new code.");
    expect(await isVerified(email)).toBe(false);
  });

  it("makes codes expire 10 minutes after they are sent", async () => {
    const { email } = await t.register();
    const [row] = await t.query<{ minutes: number }>(
      sql`select extract(epoch from expires_at - created_at)::int / 60 as minutes from otps where email = ${email}`,
    );
    expect(Number(row!.minutes)).toBe(10);
  });

  it("accepts a code once", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);
    expect((await verify(email, code)).statusCode).toBe(200);

    const again = await verify(email, code);

    expectInvalid(again, ["otp"]);
    expect(again.body.message).toBe("The code is invalid or has expired. Please request a new code.");
  });

  it("does not accept a code for another email or another purpose", async () => {
    const a = await t.register();
    const b = await t.register();
    const codeA = await t.lastOtp(a.email);
    const codeB = await t.lastOtp(b.email);
    // A's code for B's email (in the one-in-a-million case that both codes are equal, a wrong one).
    expectInvalid(await verify(b.email, codeA !== codeB ? codeA : wrong(codeB)), ["otp"]);
    expectInvalid(await verify(a.email, codeA, "forgot-password"), ["otp"]);
    expect((await verify(a.email, codeA)).statusCode).toBe(200);
  });

  it("with purpose forgot-password answers data.reset_token", async () => {
    const user = await t.signUp();
    expect((await t.post("/forgot-password", { email: user.email })).statusCode).toBe(200);
    const code = await t.lastOtp(user.email);

    const res = await verify(user.email, code, "forgot-password");

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: "Code verified. Please choose a new password.",
      data: {
        purpose: "forgot-password",
        email: user.email,
        reset_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    });
    // The reset token is stored as its sha256 only.
    const token = (res.body.data as { reset_token: string }).reset_token;
    const rows = await t.query<Record<string, unknown>>(sql`select * from password_resets`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("limits code checks per email (429 after 10 in 15 minutes)", async () => {
    const { email } = await t.register();
    const code = await t.lastOtp(email);
    // 5 wrong codes use the code up; the next 5 are refused as used up; the 11th is rate limited.
    for (let i = 0; i < 10; i++) expect((await verify(email, wrong(code))).statusCode).toBe(422);
    const res = await verify(email, code);
    expectError(res, 429, /^Too many attempts\. Please try again in 15 minutes\.$/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(800);
  });
});

describe("POST /resend-otp", () => {
  it("answers once a minute, then 429 with Retry-After", async () => {
    const { email } = await t.register();
    // The registration itself sent a code a moment ago.
    const res = await t.post("/resend-otp", { email, purpose: "register" });

    expectError(res, 429, "Too many attempts. Please try again in 1 minute.");
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await t.mailsTo(email)).toHaveLength(1);

    await minutePasses();
    const later = await t.post("/resend-otp", { email, purpose: "register" });
    expect(later.statusCode).toBe(200);
    expect(later.body).toEqual({
      status: true,
      message: "A new code has been sent to your email if it is waiting for one.",
      data: null,
    });
    expect(await t.mailsTo(email)).toHaveLength(2);
    expectError(await t.post("/resend-otp", { email, purpose: "register" }), 429);
  });

  it("invalidates the previous code", async () => {
    const { email } = await t.register();
    const oldCode = await t.lastOtp(email);
    await minutePasses();
    expect((await t.post("/resend-otp", { email, purpose: "register" })).statusCode).toBe(200);
    const newCode = await t.lastOtp(email);
    expect(await otps(email)).toHaveLength(2);

    if (newCode !== oldCode) {
      expectInvalid(await verify(email, oldCode), ["otp"]);
    }
    expect((await otps(email))[0]!.consumed_at).not.toBeNull();
    expect((await verify(email, newCode)).statusCode).toBe(200);
  });

  it("answers the same for an unknown email, a verified one and a waiting one, and mails only the waiting one", async () => {
    const waiting = await t.register();
    const verified = await t.signUp();
    await minutePasses();
    const unknown = "nobody-here@example.com";
    const mailsBefore = await t.count("mail_outbox");

    const answers = await Promise.all(
      [waiting.email, verified.email, unknown].map((email) => t.post("/resend-otp", { email, purpose: "register" })),
    );

    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual(answers[0]!.body);
    }
    expect(await t.count("mail_outbox")).toBe(mailsBefore + 1);
    expect((await t.mailsTo(waiting.email)).length).toBe(2);
  });

  it("refuses a bad purpose or email with 422", async () => {
    expectInvalid(await t.post("/resend-otp", { email: "a@example.com", purpose: "login" }), ["purpose"]);
    expectInvalid(await t.post("/resend-otp", { email: "nope", purpose: "register" }), ["email"]);
  });
});
