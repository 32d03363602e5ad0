import { sql } from "drizzle-orm";
import type { Paginated } from "../../../contract/pagination";
import type { StaffMember } from "../../../contract/staff";
import { createTestApp, expectError, expectInvalid, uniqueEmail, type TestApp } from "../helpers/app";
import { dashboardFixtures } from "../helpers/dashboard";

let t: TestApp;
let f: ReturnType<typeof dashboardFixtures>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_APP_URL: "https://cards.example.com" });
  f = dashboardFixtures(t);
});
afterAll(() => t.close());

const PASSWORD = "staff password 123";
const accept = (token: string, fields: Record<string, string> = {}) =>
  t.post("/accept-invite", {
    token,
    name: "Sam Staff",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...fields,
  });
const tokenOf = (link: string) => link.split("/add-user/")[1]!;

describe("add-staff", () => {
  it("creates an invite, mails the link and answers it", async () => {
    const owner = await t.createUser({ name: "Ada Owner" });
    const token = await t.tokenFor(owner.id);
    const email = uniqueEmail("staff");
    const res = await t.post("/add-staff", { name: "Sam Staff", email: email.toUpperCase() }, { token });

    expect(res.statusCode).toBe(201);
    expect(res.body.message).toBe("Staff add successfully");
    const link = (res.body.data as { invite_link: string }).invite_link;
    expect(link).toMatch(/^https:\/\/cards\.example\.com\/add-user\/[A-Za-z0-9_-]{43}$/);
    expect(res.body.data).toMatchObject({ name: "Sam Staff", email, status: "invited", user_id: null });

    const [mail] = await t.mailsTo(email);
    expect(mail!.subject).toBe("Ada Owner invited you to Loyalty Cards");
    expect(mail!.text).toContain(link);
    // Only the token's hash is stored.
    const [row] = await t.query<{ token_hash: string; expires_at: Date }>(
      sql`select token_hash, expires_at from staff_invites where email = ${email}`,
    );
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(tokenOf(link));
    const days = (new Date(row!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("refuses an email that already has an account", async () => {
    const other = await t.createUser();
    const token = await t.tokenFor((await t.createUser()).id);
    const res = await t.post("/add-staff", { name: "Sam Staff", email: other.email }, { token });
    expectInvalid(res, ["email"]);
  });

  it("a second invite to the same person replaces the first link", async () => {
    const token = await t.tokenFor((await t.createUser()).id);
    const email = uniqueEmail("twice");
    const first = await f.addStaff(token, email);
    const second = await f.addStaff(token, email);
    expectError(await t.get("/staff-invite", { query: { token: tokenOf(first.invite_link) } }), 404);
    expect((await t.get("/staff-invite", { query: { token: tokenOf(second.invite_link) } })).statusCode).toBe(200);
    const list = await t.get<Paginated<StaffMember>>("/staff-list", { token });
    expect(list.body.data.items.map((m) => m.id)).toEqual([second.id]);
  });
});

describe("the invite page's calls", () => {
  it("staff-invite tells whose team it is; accept-invite creates a verified staff account once", async () => {
    const owner = await t.createUser({ name: "Ada Owner" });
    const ownerToken = await t.tokenFor(owner.id);
    await f.addBusiness(ownerToken, { business_name: "Blue Bean Café" });
    const email = uniqueEmail("invitee");
    const invite = await f.addStaff(ownerToken, email, "Sam");
    const token = tokenOf(invite.invite_link);

    const page = await t.get("/staff-invite", { query: { token } });
    expect(page.body).toEqual({
      status: true,
      message: "Staff invite.",
      data: { team: "Blue Bean Café", owner_name: "Ada Owner", name: "Sam", email, expires_at: expect.any(String) },
    });

    expectInvalid(await accept(token, { password_confirmation: "different" }), ["password_confirmation"]);
    const res = await accept(token, { name: "Samantha Staff" });
    expect(res.statusCode).toBe(201);
    expect(res.body).toMatchObject({ status: true, data: { email } });

    const login = await t.post("/login", { email, password: PASSWORD });
    expect(login.body.data).toMatchObject({
      role: "staff",
      name: "Samantha Staff",
      email_verified_at: expect.any(String),
      locale: null,
    });
    const [row] = await t.query<{ owner_id: number }>(sql`select owner_id from users where email = ${email}`);
    expect(row!.owner_id).toBe(owner.id);

    const list = await t.get<Paginated<StaffMember>>("/staff-list", { token: ownerToken });
    expect(list.body.data.items[0]).toMatchObject({
      name: "Samantha Staff",
      status: "active",
      user_id: expect.any(Number),
    });
    expect((await t.get<Record<string, number>>("/dashboard-details", { token: ownerToken })).body.data.staff).toBe(1);

    // Single use.
    expectError(
      await t.get("/staff-invite", { query: { token } }),
      410,
      "This invitation has already been used. Sign in with your email and password.",
    );
    const again = await accept(token);
    expect(again.body.errors).toEqual({
      token: ["This invitation has already been used. Sign in with your email and password."],
    });
  });

  it("an expired or unknown token gets a clear message", async () => {
    const ownerToken = await t.tokenFor((await t.createUser()).id);
    const email = uniqueEmail("late");
    const invite = await f.addStaff(ownerToken, email);
    await t.query(sql`update staff_invites set expires_at = now() - interval '1 minute' where email = ${email}`);
    const expired = "This invitation has expired. Ask the business owner to send you a new one.";
    expectError(await t.get("/staff-invite", { query: { token: tokenOf(invite.invite_link) } }), 410, expired);
    expect((await accept(tokenOf(invite.invite_link))).body.errors).toEqual({ token: [expired] });
    const list = await t.get<Paginated<StaffMember>>("/staff-list", { token: ownerToken });
    expect(list.body.data.items[0]!.status).toBe("expired");

    const unknown = "This invitation link is not valid. Ask the business owner to send you a new one.";
    expectError(await t.get("/staff-invite", { query: { token: "x".repeat(43) } }), 404, unknown);
    expectInvalid(await t.get("/staff-invite", { query: { token: "short" } }), ["token"]);
  });

  it("is rate limited per address", async () => {
    const ip = "10.99.0.1";
    for (let i = 0; i < 30; i++) await t.get("/staff-invite", { query: { token: "y".repeat(43) }, ip });
    const limited = await t.get("/staff-invite", { query: { token: "y".repeat(43) }, ip });
    expectError(limited, 429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expectError(await accept("y".repeat(43)), 422);
    const body = { token: "y".repeat(43), name: "Sam", password: PASSWORD, password_confirmation: PASSWORD };
    expectError(await t.post("/accept-invite", body, { ip }), 429);
  });
});

describe("delete-staff", () => {
  it("revokes a staff member's access at once", async () => {
    const ownerToken = await t.tokenFor((await t.createUser()).id);
    const email = uniqueEmail("revoked");
    const staff = await f.staffOf(ownerToken, email);
    expect((await t.get("/user-profile", { token: staff.token })).statusCode).toBe(200);

    const res = await t.post("/delete-staff", { id: staff.invite.id }, { token: ownerToken });
    expect(res.body).toMatchObject({ status: true, message: "Staff deleted successfully." });
    expectError(await t.get("/user-profile", { token: staff.token }), 401, "Unauthenticated.");
    expectError(await t.post("/login", { email, password: staff.password }), 401);
    const list = await t.get<Paginated<StaffMember>>("/staff-list", { token: ownerToken });
    expect(list.body.data.total).toBe(0);
    expectError(await t.post("/delete-staff", { id: staff.invite.id }, { token: ownerToken }), 404);
  });

  it("withdraws a pending invite", async () => {
    const ownerToken = await t.tokenFor((await t.createUser()).id);
    const invite = await f.addStaff(ownerToken, uniqueEmail("pending"));
    await t.post("/delete-staff", { id: invite.id }, { token: ownerToken });
    expectError(await t.get("/staff-invite", { query: { token: tokenOf(invite.invite_link) } }), 404);
  });
});

describe("staff", () => {
  it("see their owner's dashboard figures and keep their own profile", async () => {
    const ownerToken = await t.tokenFor((await t.createUser()).id);
    await f.addBusiness(ownerToken);
    const staff = await f.staffOf(ownerToken, uniqueEmail("figures"));
    const details = await t.get<Record<string, number>>("/dashboard-details", { token: staff.token });
    expect(details.body.data).toMatchObject({ businesses: 1, staff: 1 });
    const update = await t.post(
      "/profile-update",
      { name: "Sam S", phone_number: "+1 555 0199" },
      { token: staff.token },
    );
    expect(update.statusCode).toBe(200);
  });
});
