import { sql } from "drizzle-orm";
import { codeOf, createTestApp, expectError, expectInvalid, PASSWORD, type TestApp, uniqueEmail } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: "Ada Owner",
  email: uniqueEmail("register"),
  phone_number: "+44 20 7946 0958",
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...overrides,
});

const userRows = (email: string) =>
  t.query<{
    id: number;
    email: string;
    name: string;
    email_verified_at: Date | null;
    password_hash: string;
    deleted_at: Date | null;
    role: string;
  }>(sql`select * from users where email = ${email} order by id`);

/** Codes sent for registrations of an email, newest last, with the registration each confirms. */
const pendingRows = (email: string) =>
  t.query<{ registration: { name: string; phone_number: string; password_hash: string } }>(
    sql`select registration from otps where email = ${email} and purpose = 'register' order by id`,
  );

/** Rows in the tables a registration writes to. */
const counts = async () => ({
  users: await t.count("users"),
  otps: await t.count("otps"),
  mail: await t.count("mail_outbox"),
});

describe("POST /register", () => {
  it("answers 201, mails a 6-digit code and creates no account until the code is verified", async () => {
    const body = valid();
    const res = await t.post("/register", body);

    expect(res.statusCode).toBe(201);
    expect(res.body).toEqual({
      status: true,
      message: "Registration successful. We have sent a 6-digit code to your email. It expires in 10 minutes.",
      data: { email: body.email },
    });
    expect(await userRows(body.email)).toHaveLength(0);
    const [pending] = await pendingRows(body.email);
    expect(pending!.registration).toMatchObject({ name: "Ada Owner", phone_number: "+44 20 7946 0958" });

    const mails = await t.mailsTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^\d{6} is your Loyalty Cards code$/);
    const code = mails[0]!.subject.slice(0, 6);
    expect(mails[0]!.text).toContain(code);
    expect(mails[0]!.html).toContain(code);

    // Not verified yet: login with the registration's password is refused until the code is entered.
    const login = await t.post("/login", { email: body.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expectError(await t.post("/login", { email: body.email, password: "not the password" }), 401);

    expect((await t.post("/otp-verify", { email: body.email, otp: code, purpose: "register" })).statusCode).toBe(200);
    const [user] = await userRows(body.email);
    expect(user).toMatchObject({ name: "Ada Owner", role: "owner", deleted_at: null });
    // No plan yet: the derived status says so (the stored column is gone).
    expect(user).not.toHaveProperty("status_payment");
    expect(user!.email_verified_at).not.toBeNull();
  });

  it("stores the password as an argon2id hash, never in clear", async () => {
    const body = valid({ password: "a very secret pass", password_confirmation: "a very secret pass" });
    expect((await t.post("/register", body)).statusCode).toBe(201);
    const [pending] = await pendingRows(body.email);
    expect(pending!.registration.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(pending)).not.toContain("a very secret pass");
    await t.post("/otp-verify", { email: body.email, otp: await t.lastOtp(body.email), purpose: "register" });
    const [user] = await userRows(body.email);
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.password_hash).not.toContain("a very secret pass");
  });

  it("refuses an email that a verified account already uses (422 errors.email) and writes nothing", async () => {
    const existing = await t.signUp();
    const before = await counts();

    const res = await t.post("/register", valid({ email: existing.email, name: "Someone Else" }));

    expectInvalid(res, ["email"]);
    expect(res.body.message).toBe("The email has already been taken.");
    expect(res.body.errors).toEqual({ email: ["The email has already been taken."] });
    expect(await counts()).toEqual(before);
    const [user] = await userRows(existing.email);
    expect(user!.name).toBe("Test Owner");
  });

  it("treats the email case-insensitively (A@X.com is a@x.com)", async () => {
    const lower = `case-${Date.now()}@x.com`;
    const existing = await t.signUp({ email: lower });
    expect(existing.email).toBe(lower);

    const res = await t.post("/register", valid({ email: `  ${lower.toUpperCase()}  ` }));
    expectInvalid(res, ["email"]);
    expect(await userRows(lower)).toHaveLength(1);

    const mixed = `Mixed.Case-${Date.now()}@Example.COM`;
    const created = await t.post("/register", valid({ email: mixed }));
    expect(created.statusCode).toBe(201);
    expect(created.body.data).toEqual({ email: mixed.toLowerCase() });
    // The login works with any casing.
    const code = await t.lastOtp(mixed.toLowerCase());
    expect(
      (await t.post("/otp-verify", { email: mixed.toUpperCase(), otp: code, purpose: "register" })).statusCode,
    ).toBe(200);
    expect(await userRows(mixed.toLowerCase())).toHaveLength(1);
    expect(await userRows(mixed)).toHaveLength(0);
    expect((await t.post("/login", { email: mixed.toUpperCase(), password: PASSWORD })).statusCode).toBe(200);
  });

  it("a second registration of an unverified email cannot take over the first one's code", async () => {
    // A registers with P; before A enters the code, B registers the same email with Q.
    const a = valid({ name: "Alice Owner" });
    expect((await t.post("/register", a)).statusCode).toBe(201);
    const aliceCode = await t.lastOtp(a.email);
    const bob = { ...a, name: "Bob Intruder", phone_number: "+1 555 0199", password: "bobs password" };
    expect((await t.post("/register", { ...bob, password_confirmation: bob.password })).statusCode).toBe(201);
    const bobCode = await t.lastOtp(a.email);
    expect(bobCode).not.toBe(aliceCode);

    // A enters the code from A's mail: it no longer confirms anything, and no account exists.
    const res = await t.post("/otp-verify", { email: a.email, otp: aliceCode, purpose: "register" });
    expectInvalid(res, ["otp"]);
    expect(await userRows(a.email)).toHaveLength(0);

    // A registers again: A's new code confirms A's registration, with A's password, name and phone.
    expect((await t.post("/register", a)).statusCode).toBe(201);
    const again = await t.lastOtp(a.email);
    expect((await t.post("/otp-verify", { email: a.email, otp: again, purpose: "register" })).statusCode).toBe(200);
    const [user] = await userRows(a.email);
    expect(user).toMatchObject({ name: "Alice Owner" });
    expect((await t.post("/login", { email: a.email, password: PASSWORD })).statusCode).toBe(200);
    expectError(await t.post("/login", { email: a.email, password: bob.password }), 401);
    // B's code, sent before, is void too.
    expectInvalid(await t.post("/otp-verify", { email: a.email, otp: bobCode, purpose: "register" }), ["otp"]);
  });

  it("survives two registrations of the same new email at once: one account, no 500", async () => {
    const body = valid();
    const answers = await Promise.all([
      t.post("/register", body),
      t.post("/register", body),
      t.post("/register", body),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(201);
      expect(res.body.status).toBe(true);
    }
    // Each registration sent a code and voided the earlier ones; which was last depends on the
    // race (and the mails may arrive in another order): exactly one code verifies.
    const codes = (await t.mailsTo(body.email)).map(codeOf);
    expect(codes).toHaveLength(3);
    const verified: number[] = [];
    for (const otp of codes) {
      verified.push((await t.post("/otp-verify", { email: body.email, otp, purpose: "register" })).statusCode);
    }
    expect(verified.filter((status) => status === 200)).toHaveLength(1);
    expect(await userRows(body.email)).toHaveLength(1);
  });

  it("limits registrations of one email (each sends a code): 429 after 5 an hour", async () => {
    const body = valid();
    for (let i = 0; i < 5; i++) expect((await t.post("/register", body)).statusCode).toBe(201);
    expectError(await t.post("/register", body), 429, /^Too many attempts\./);
    expect(await t.mailsTo(body.email)).toHaveLength(5);
  });

  it("refuses a password confirmation that does not match (422 on password_confirmation)", async () => {
    const before = await counts();
    const res = await t.post("/register", valid({ password_confirmation: "something else" }));
    expectInvalid(res, ["password_confirmation"]);
    expect(res.body.message).toBe("The given data was invalid.");
    expect(res.body.errors).toEqual({ password_confirmation: ["The password confirmation does not match."] });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ["a missing name", { name: undefined }, ["name"]],
    ["a one-letter name", { name: "A" }, ["name"]],
    ["a bad email", { email: "not-an-email" }, ["email"]],
    ["a missing email", { email: undefined }, ["email"]],
    ["a bad phone number", { phone_number: "call me" }, ["phone_number"]],
    ["a short password", { password: "short", password_confirmation: "short" }, ["password"]],
    [
      "a password over 128 characters",
      { password: "x".repeat(129), password_confirmation: "x".repeat(129) },
      ["password"],
    ],
    ["a missing confirmation", { password_confirmation: undefined }, ["password_confirmation"]],
    [
      "everything missing",
      {
        name: undefined,
        email: undefined,
        phone_number: undefined,
        password: undefined,
        password_confirmation: undefined,
      },
      ["name", "email", "phone_number", "password", "password_confirmation"],
    ],
    ["a name with a NUL character", { name: "Nul\u0000Name" }, ["name"]],
  ])("refuses %s with 422 and writes nothing", async (_what, overrides, fields) => {
    const before = { ...(await counts()), limits: await t.count("rate_limits") };
    const res = await t.post("/register", valid(overrides));
    expectInvalid(res, fields);
    expect({ ...(await counts()), limits: await t.count("rate_limits") }).toEqual(before);
  });

  it("limits registrations per client address (429 after 30 an hour)", async () => {
    const ip = "203.0.113.77";
    const taken = await t.createUser();
    for (let i = 0; i < 30; i++) {
      // Each attempt is counted before the work; a taken email is the cheapest answer to get.
      const res = await t.post("/register", valid({ email: taken.email }), { ip });
      expect(res.statusCode).toBe(422);
    }
    const res = await t.post("/register", valid(), { ip });
    expectError(res, 429, /^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(3000);
    // Another address is not affected.
    expect((await t.post("/register", valid(), { ip: "203.0.113.78" })).statusCode).toBe(201);
  });
});
