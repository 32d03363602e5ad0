import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestApp, expectError, type TestApp } from "../helpers/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const UNAUTHENTICATED = "Unauthenticated.";

describe("API tokens", () => {
  it("are stored as their sha256 only", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);

    const rows = await t.query<Record<string, unknown>>(sql`select * from api_tokens where user_id = ${user.id}`);

    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const everywhere = await t.query<{ n: number }>(
      sql`select count(*)::int as n from api_tokens where token_hash = ${token}`,
    );
    expect(Number(everywhere[0]!.n)).toBe(0);
  });

  it("are new for every login, and each works on its own", async () => {
    const user = await t.createUser();
    const first = await t.login(user.email, user.password);
    const second = await t.login(user.email, user.password);
    expect(first).not.toBe(second);
    expect((await t.get("/user-profile", { token: first })).statusCode).toBe(200);
    expect((await t.get("/user-profile", { token: second })).statusCode).toBe(200);
  });

  it("record when they were last used", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    const lastUsed = async () =>
      (
        await t.query<{ last_used_at: Date | null }>(
          sql`select last_used_at from api_tokens where token_hash = ${sha256(token)}`,
        )
      )[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await t.get("/user-profile", { token })).statusCode).toBe(200);
    expect(await lastUsed()).not.toBeNull();
  });
});

describe("POST /logout", () => {
  it("revokes the token it is called with (then 401 Unauthenticated.), and only that one", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    const other = await t.login(user.email, user.password);

    const res = await t.post("/logout", undefined, { token });

    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: "Logged out successfully.", data: null });
    expectError(await t.get("/user-profile", { token }), 401, UNAUTHENTICATED);
    expectError(await t.post("/logout", undefined, { token }), 401, UNAUTHENTICATED);
    const [row] = await t.query<{ revoked_at: Date | null }>(
      sql`select revoked_at from api_tokens where token_hash = ${sha256(token)}`,
    );
    expect(row!.revoked_at).not.toBeNull();
    expect((await t.get("/user-profile", { token: other })).statusCode).toBe(200);
  });

  it("needs a token", async () => {
    expectError(await t.post("/logout"), 401, UNAUTHENTICATED);
  });
});

describe("authentication of user calls", () => {
  let liveToken: string;
  beforeAll(async () => {
    const user = await t.createUser();
    liveToken = await t.login(user.email, user.password);
  });

  const unknownToken = "A".repeat(43);

  it.each([
    ["no Authorization header", undefined],
    ["an empty header", ""],
    ["a garbage header", "garbage"],
    ["Bearer and nothing", "Bearer "],
    ["a short token", "Bearer abc"],
    ["an unknown well-formed token", `Bearer ${unknownToken}`],
    ["a token with bad characters", "Bearer ../../etc/passwd-and-more-chars"],
    ["a huge token", `Bearer ${"x".repeat(5000)}`],
    ["Basic credentials", `Basic ${Buffer.from("a@b.co:secret").toString("base64")}`],
  ])("answers 401 Unauthenticated. to %s", async (_what, authorization) => {
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
    for (const res of [
      await t.get("/user-profile", { headers }),
      await t.post("/profile-update", { name: "New Name", phone_number: "+1 555 0100" }, { headers }),
      await t.post("/password-update", {}, { headers }),
      await t.post("/user-soft-delete", { password: "x" }, { headers }),
      await t.post("/logout", undefined, { headers }),
    ]) {
      expectError(res, 401, UNAUTHENTICATED);
      expect(res.body).toEqual({ status: false, code: "unauthenticated", message: UNAUTHENTICATED, data: null });
    }
  });

  it("accepts the live token (the cases above fail for the token, not the call)", async () => {
    expect((await t.get("/user-profile", { token: liveToken })).statusCode).toBe(200);
  });

  it("stop working after 30 days unused, and keep working while used", async () => {
    const user = await t.createUser();
    const idle = await t.login(user.email, user.password);
    const busy = await t.login(user.email, user.password);
    await t.query(sql`update api_tokens set created_at = now() - interval '60 days',
      last_used_at = now() - interval '31 days' where token_hash = ${sha256(idle)}`);
    await t.query(sql`update api_tokens set created_at = now() - interval '60 days',
      last_used_at = now() - interval '29 days' where token_hash = ${sha256(busy)}`);
    expectError(await t.get("/user-profile", { token: idle }), 401, UNAUTHENTICATED);
    expect((await t.get("/user-profile", { token: busy })).statusCode).toBe(200);
  });

  it("accepts the scheme name in any case (RFC 9110)", async () => {
    const user = await t.createUser();
    const token = await t.login(user.email, user.password);
    for (const scheme of ["bearer", "BEARER", "Bearer"]) {
      const response = await t.get("/user-profile", { headers: { authorization: `${scheme} ${token}` } });
      expect(response.statusCode).toBe(200);
    }
  });

  it("answers 401 to a revoked token and to the token of a deleted account", async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user.id);
    expect((await t.get("/user-profile", { token })).statusCode).toBe(200);
    await t.query(sql`update api_tokens set revoked_at = now() where token_hash = ${sha256(token)}`);
    expectError(await t.get("/user-profile", { token }), 401, UNAUTHENTICATED);

    const deleted = await t.createUser();
    const deletedToken = await t.tokenFor(deleted.id);
    await t.query(sql`update users set deleted_at = now() where id = ${deleted.id}`);
    expectError(await t.get("/user-profile", { token: deletedToken }), 401, UNAUTHENTICATED);
  });
});
