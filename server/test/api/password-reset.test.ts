import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestApp, expectError, expectInvalid, type TestApp, uniqueEmail } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = "a brand new password";
const EXPIRED = "The reset session has expired. Please request a new code.";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** forgot-password → code from the outbox → otp-verify: answers the reset token. */
async function resetTokenFor(email: string): Promise<string> {
  expect((await t.post("/forgot-password", { email })).statusCode).toBe(200);
  const res = await t.post("/otp-verify", { email, otp: await t.lastOtp(email), purpose: "forgot-password" });
  expect(res.statusCode).toBe(200);
  return (res.body.data as { reset_token: string }).reset_token;
}

const reset = (email: string, reset_token: string, password = NEW_PASSWORD, password_confirmation = password) =>
  t.post("/reset-password", { email, reset_token, password, password_confirmation });

describe("POST /forgot-password", () => {
  it("answers the same for an existing and an unknown email, and mails only the existing one", async () => {
    const user = await t.createUser();
    const unknown = uniqueEmail("nobody");
    const mailsBefore = await t.count("mail_outbox");

    const known = await t.post("/forgot-password", { email: user.email });
    const missing = await t.post("/forgot-password", { email: unknown });

    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    const message = "If an account exists for this email, we have sent a 6-digit code to it.";
    expect(known.body).toEqual({ status: true, message, data: { email: user.email } });
    expect(missing.body).toEqual({ status: true, message, data: { email: unknown } });

    expect(await t.count("mail_outbox")).toBe(mailsBefore + 1);
    const [mail] = await t.mailsTo(user.email);
    expect(mail!.subject).toMatch(/^\d{6} is your Loyalty Cards code$/);
    expect(mail!.text).toContain("reset your password");
    expect(await t.mailsTo(unknown)).toHaveLength(0);
  });

  it("sends no code to an unverified or deleted account (same answer)", async () => {
    const unverified = await t.createUser({ verified: false });
    const deleted = await t.createUser();
    await t.query(sql`update users set deleted_at = now() where id = ${deleted.id}`);
    for (const email of [unverified.email, deleted.email]) {
      const res = await t.post("/forgot-password", { email });
      expect(res.statusCode).toBe(200);
      expect(await t.mailsTo(email)).toHaveLength(0);
    }
  });

  it("sends at most one code a minute per email (429 with Retry-After)", async () => {
    const user = await t.createUser();
    expect((await t.post("/forgot-password", { email: user.email })).statusCode).toBe(200);
    const res = await t.post("/forgot-password", { email: user.email });
    expectError(res, 429, "Too many attempts. Please try again in 1 minute.");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(await t.mailsTo(user.email)).toHaveLength(1);
    // An unknown email gets the same answers, so the limit tells nothing about which emails exist.
    const unknown = uniqueEmail("nobody");
    expect((await t.post("/forgot-password", { email: unknown })).statusCode).toBe(200);
    expect((await t.post("/forgot-password", { email: unknown })).body).toEqual(res.body);
  });
});

describe("POST /reset-password", () => {
  it("sets the new password with the reset token: the new one logs in, the old one does not", async () => {
    const user = await t.createUser();
    const token = await resetTokenFor(user.email);

    const res = await reset(user.email, token);

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: "Your password has been reset. You can now log in.",
      data: null,
    });
    expect((await t.post("/login", { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectError(
      await t.post("/login", { email: user.email, password: user.password }),
      401,
      "These credentials do not match our records.",
    );
    const [row] = await t.query<{ password_hash: string }>(sql`select password_hash from users where id = ${user.id}`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("works once", async () => {
    const user = await t.createUser();
    const token = await resetTokenFor(user.email);
    expect((await reset(user.email, token)).statusCode).toBe(200);

    const again = await reset(user.email, token, "yet another password");

    expectInvalid(again, ["reset_token"]);
    expect(again.body.message).toBe(EXPIRED);
    expect((await t.post("/login", { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("signs out every existing session", async () => {
    const user = await t.createUser();
    const sessions = [await t.login(user.email, user.password), await t.login(user.email, user.password)];
    const token = await resetTokenFor(user.email);

    expect((await reset(user.email, token)).statusCode).toBe(200);

    for (const session of sessions)
      expectError(await t.get("/user-profile", { token: session }), 401, "Unauthenticated.");
    const live = await t.query<{ n: number }>(
      sql`select count(*)::int as n from api_tokens where user_id = ${user.id} and revoked_at is null`,
    );
    expect(Number(live[0]!.n)).toBe(0);
  });

  it("refuses an unknown reset token with 422 errors.reset_token", async () => {
    const user = await t.createUser();
    const res = await reset(user.email, "x".repeat(43));
    expectInvalid(res, ["reset_token"]);
    expect(res.body.errors).toEqual({ reset_token: [EXPIRED] });
    expectInvalid(await reset(user.email, "short"), ["reset_token"]);
    expectInvalid(
      await t.post("/reset-password", {
        email: user.email,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
      ["reset_token"],
    );
    expect((await t.post("/login", { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it("refuses an expired reset token", async () => {
    const user = await t.createUser();
    const token = await resetTokenFor(user.email);
    await t.query(
      sql`update password_resets set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`,
    );

    const res = await reset(user.email, token);

    expectInvalid(res, ["reset_token"]);
    expect(res.body.message).toBe(EXPIRED);
    expect((await t.post("/login", { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it("makes reset tokens expire 15 minutes after they are issued", async () => {
    const user = await t.createUser();
    const token = await resetTokenFor(user.email);
    const [row] = await t.query<{ minutes: number }>(
      sql`select extract(epoch from expires_at - created_at)::int / 60 as minutes from password_resets where token_hash = ${sha256(token)}`,
    );
    expect(Number(row!.minutes)).toBe(15);
  });

  it("does not let one account's token reset another account's password", async () => {
    const victim = await t.createUser();
    const attacker = await t.createUser();
    const token = await resetTokenFor(attacker.email);

    expectInvalid(await reset(victim.email, token), ["reset_token"]);

    expect((await t.post("/login", { email: victim.email, password: victim.password })).statusCode).toBe(200);
    expectError(await t.post("/login", { email: victim.email, password: NEW_PASSWORD }), 401);
  });

  it("refuses a mismatched confirmation without spending the token", async () => {
    const user = await t.createUser();
    const token = await resetTokenFor(user.email);

    const res = await reset(user.email, token, NEW_PASSWORD, "something different");

    expectInvalid(res, ["password_confirmation"]);
    expect((await reset(user.email, token)).statusCode).toBe(200);
  });
});
