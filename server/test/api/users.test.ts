import { sql } from "drizzle-orm";
import { userProfile } from "../../../contract/auth";
import { createTestApp, expectError, expectInvalid, PASSWORD, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNAUTHENTICATED = "Unauthenticated.";
const BAD_CREDENTIALS = "These credentials do not match our records.";

const userRow = async (id: number) =>
  (
    await t.query<{ name: string; phone_number: string; password_hash: string; deleted_at: Date | null }>(
      sql`select name, phone_number, password_hash, deleted_at from users where id = ${id}`,
    )
  )[0]!;

describe("GET /user-profile", () => {
  it("answers the signed-in user's profile, without the password hash", async () => {
    const user = await t.signUp({ name: "Profile Owner", phone_number: "+49 30 123456" });
    const token = await t.login(user.email, user.password);

    const res = await t.get("/user-profile", { token });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: "User profile.",
      data: {
        id: user.id,
        name: "Profile Owner",
        email: user.email,
        phone_number: "+49 30 123456",
        role: "owner",
        status_payment: "0",
        email_verified_at: expect.any(String),
        created_at: expect.any(String),
        locale: null,
      },
    });
    expect(userProfile.safeParse(res.body.data).success).toBe(true);
    expect(res.text).not.toMatch(/password|argon2/);
  });

  it("answers 401 Unauthenticated. without a token", async () => {
    expectError(await t.get("/user-profile"), 401, UNAUTHENTICATED);
  });
});

describe("POST /profile-update", () => {
  it("updates the name and phone number (trimmed)", async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);

    const res = await t.post(
      "/profile-update",
      { name: "  Renamed Owner ", phone_number: " (030) 555-1234 " },
      { token },
    );

    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      message: "Profile updated successfully.",
      data: { id: user.id, name: "Renamed Owner", phone_number: "(030) 555-1234", email: user.email },
    });
    expect(await userRow(user.id)).toMatchObject({ name: "Renamed Owner", phone_number: "(030) 555-1234" });
    expect((await t.get("/user-profile", { token })).body.data).toMatchObject({ name: "Renamed Owner" });
  });

  it.each([
    ["letters", "call me maybe", "Please enter a valid phone number."],
    ["too short", "123", "Please enter a valid phone number."],
    ["too long", "1".repeat(21), "Please enter a valid phone number."],
    ["empty", "", "The phone number field is required."],
    ["a number, not text", 5550100, "The phone number field is required."],
  ])(
    "refuses a bad phone number (%s) with 422 errors.phone_number and changes nothing",
    async (_what, phone, message) => {
      const user = await t.createUser();
      const token = await t.tokenFor(user.id);
      const before = await userRow(user.id);

      const res = await t.post("/profile-update", { name: "Changed Name", phone_number: phone }, { token });

      expectInvalid(res, ["phone_number"]);
      expect(Object.keys(res.body.errors!)).toEqual(["phone_number"]);
      expect(res.body.errors!.phone_number).toContain(message);
      expect(await userRow(user.id)).toEqual(before);
    },
  );

  it("refuses a missing name with 422 errors.name", async () => {
    const user = await t.createUser();
    const res = await t.post("/profile-update", { phone_number: "+1 555 0100" }, { token: await t.tokenFor(user.id) });
    expectInvalid(res, ["name"]);
  });

  it("stores the dashboard language, returns it with the profile, and keeps it when a later update leaves it out", async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);

    const res = await t.post(
      "/profile-update",
      { name: "Owner", phone_number: "+1 555 0100", locale: "pt-BR" },
      { token },
    );

    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ locale: "pt-BR" });
    expect((await t.get("/user-profile", { token })).body.data).toMatchObject({ locale: "pt-BR" });
    await t.post("/profile-update", { name: "Owner Again", phone_number: "+1 555 0100" }, { token });
    expect((await t.get("/user-profile", { token })).body.data).toMatchObject({ name: "Owner Again", locale: "pt-BR" });
  });

  it.each([
    ["an unknown language", "xx"],
    ["a region we do not speak", "pt-PT"],
    ["not text", 7],
    ["null", null],
  ])("refuses %s as the locale with 422 errors.locale and changes nothing", async (_what, locale) => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);
    const before = await userRow(user.id);

    const res = await t.post(
      "/profile-update",
      { name: "Changed Name", phone_number: "+1 555 0100", locale },
      { token },
    );

    expectInvalid(res, ["locale"]);
    expect(Object.keys(res.body.errors!)).toEqual(["locale"]);
    expect(res.body.errors!.locale).toContain("Choose one of: en, es, fr, de, pt-BR, ar.");
    expect(await userRow(user.id)).toEqual(before);
    expect((await t.get("/user-profile", { token })).body.data).toMatchObject({ locale: null });
  });

  it("cannot change the email, role or payment status", async () => {
    const user = await t.createUser({ plan: false });
    const token = await t.tokenFor(user.id);
    const res = await t.post(
      "/profile-update",
      { name: "Sneaky", phone_number: "+1 555 0100", email: "other@example.com", role: "staff", status_payment: "1" },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ email: user.email, role: "owner", status_payment: "0" });
  });
});

describe("POST /password-update", () => {
  const body = (current_password: string, password = "the new password", password_confirmation = password) => ({
    current_password,
    password,
    password_confirmation,
  });

  it("refuses a wrong current password with 422 errors.current_password", async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);
    const before = await userRow(user.id);

    const res = await t.post("/password-update", body("not my password"), { token });

    expectInvalid(res, ["current_password"]);
    expect(res.body.errors).toEqual({ current_password: ["The current password is incorrect."] });
    expect((await userRow(user.id)).password_hash).toBe(before.password_hash);
  });

  it("refuses a mismatched confirmation and a short password with 422", async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);
    expectInvalid(await t.post("/password-update", body(user.password, "the new password", "different"), { token }), [
      "password_confirmation",
    ]);
    expectInvalid(await t.post("/password-update", body(user.password, "short"), { token }), ["password"]);
  });

  it("changes the password, signs out the other sessions and keeps this one", async () => {
    const user = await t.createUser();
    const current = await t.login(user.email, user.password);
    const others = [await t.login(user.email, user.password), await t.login(user.email, user.password)];

    const res = await t.post("/password-update", body(user.password), { token: current });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: "Password updated successfully.", data: null });
    expect((await t.get("/user-profile", { token: current })).statusCode).toBe(200);
    for (const other of others) expectError(await t.get("/user-profile", { token: other }), 401, UNAUTHENTICATED);
    expect((await t.post("/login", { email: user.email, password: "the new password" })).statusCode).toBe(200);
    expectError(await t.post("/login", { email: user.email, password: user.password }), 401, BAD_CREDENTIALS);
    expect((await userRow(user.id)).password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe("POST /user-soft-delete", () => {
  it("refuses a wrong password with 422 errors.password and deletes nothing", async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);

    const res = await t.post("/user-soft-delete", { password: "not my password" }, { token });

    expectInvalid(res, ["password"]);
    expect(res.body.errors).toEqual({ password: ["The password is incorrect."] });
    expect((await userRow(user.id)).deleted_at).toBeNull();
    expect((await t.get("/user-profile", { token })).statusCode).toBe(200);
  });

  it("deletes the account: login fails, every token is refused, and the email can register again", async () => {
    const user = await t.signUp();
    const token = await t.login(user.email, user.password);
    const other = await t.login(user.email, user.password);

    const res = await t.post("/user-soft-delete", { password: user.password }, { token });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: "Your account has been deleted.", data: null });
    expect((await userRow(user.id)).deleted_at).not.toBeNull();
    expectError(await t.post("/login", { email: user.email, password: user.password }), 401, BAD_CREDENTIALS);
    expectError(await t.get("/user-profile", { token }), 401, UNAUTHENTICATED);
    expectError(await t.get("/user-profile", { token: other }), 401, UNAUTHENTICATED);

    // A minute later (the code throttle of the first sign-up has passed) the email signs up anew.
    await t.expireRateLimits("otp-send:");
    const again = await t.signUp({ email: user.email, password: "my second life" });
    expect(again.id).not.toBe(user.id);
    const fresh = await t.login(user.email, "my second life");
    expect((await t.get("/user-profile", { token: fresh })).body.data).toMatchObject({
      id: again.id,
      email: user.email,
    });
    expect((await userRow(user.id)).deleted_at).not.toBeNull();
  });

  it("takes the owner's staff with it", async () => {
    const owner = await t.createUser();
    const staff = await t.createUser({ role: "staff", ownerId: owner.id });
    const staffToken = await t.tokenFor(staff.id);
    expect((await t.get("/user-profile", { token: staffToken })).statusCode).toBe(200);

    expect(
      (await t.post("/user-soft-delete", { password: owner.password }, { token: await t.tokenFor(owner.id) }))
        .statusCode,
    ).toBe(200);

    expectError(await t.get("/user-profile", { token: staffToken }), 401, UNAUTHENTICATED);
    expect((await userRow(staff.id)).deleted_at).not.toBeNull();
  });
});

describe("staff", () => {
  it("can use user calls but gets 403 on owner-only calls (user-soft-delete)", async () => {
    const owner = await t.createUser();
    const staff = await t.createUser({ role: "staff", ownerId: owner.id, name: "Staff Member" });
    const token = await t.login(staff.email, staff.password);

    const profile = await t.get("/user-profile", { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.body.data).toMatchObject({ id: staff.id, role: "staff", name: "Staff Member" });

    const res = await t.post("/user-soft-delete", { password: staff.password }, { token });

    expectError(res, 403, "You do not have permission to do this.");
    expect((await userRow(staff.id)).deleted_at).toBeNull();
    expect((await userRow(owner.id)).deleted_at).toBeNull();
    expect((await t.get("/user-profile", { token })).statusCode).toBe(200);
  });

  it("gets 403 before the body is even looked at", async () => {
    const owner = await t.createUser();
    const staff = await t.createUser({ role: "staff", ownerId: owner.id });
    expectError(await t.post("/user-soft-delete", {}, { token: await t.tokenFor(staff.id) }), 403);
  });
});

describe("passwords", () => {
  it("are stored as argon2id hashes for every way a password is set", async () => {
    const user = await t.signUp({ password: PASSWORD });
    const rows = await t.query<{ password_hash: string }>(sql`select password_hash from users`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect((await userRow(user.id)).password_hash).not.toContain(PASSWORD);
  });
});
