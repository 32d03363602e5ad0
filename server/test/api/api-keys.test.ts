import { sql } from "drizzle-orm";
import type { NewApiKey, ApiKey } from "../../../contract/api-keys";
import { createSandboxProvider } from "../../src/services/payments/sandbox";
import { sha256 } from "../../src/crypto";
import { createTestApp, expectError, type TestApp } from "../helpers/app";

// An owner's keys to the public API, shown once, stored as a hash and a prefix.

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const owner = async () => t.tokenFor((await t.createUser()).id);
const add = (token: string, body: unknown) => t.post<NewApiKey>("/api/api-key-add", body, { token });

it("answers the key once (lc_test_ in sandbox payments) and keeps only its hash and prefix", async () => {
  const token = await owner();
  const res = await add(token, { name: "Website", scopes: ["cards:read", "cards:write", "cards:read"] });
  expect(res.statusCode).toBe(201);
  const key = res.body.data;
  expect(key.key).toMatch(/^lc_test_[A-Za-z0-9_-]{43}$/);
  expect(key).toMatchObject({ name: "Website", prefix: key.key.slice(0, 12), scopes: ["cards:read", "cards:write"] });
  const [row] = await t.query<{ key_hash: string; prefix: string }>(
    sql`select key_hash, prefix from api_keys where id = ${key.id}`,
  );
  expect(row).toEqual({ key_hash: sha256(key.key), prefix: key.prefix });
  expect(JSON.stringify(await t.query(sql`select * from api_keys`))).not.toContain(key.key);

  const list = await t.get<ApiKey[]>("/api/api-key-list", { token });
  expect(list.body.data).toEqual([
    {
      id: key.id,
      name: "Website",
      prefix: key.prefix,
      scopes: key.scopes,
      created_at: key.created_at,
      last_used_at: null,
      revoked_at: null,
    },
  ]);
  expect(JSON.stringify(list.body)).not.toContain(key.key);
});

it("answers lc_live_ keys when payments are live", async () => {
  const live = await createTestApp({}, { payments: { ...createSandboxProvider(), name: "stripe" } });
  try {
    const token = await live.tokenFor((await live.createUser()).id);
    const res = await live.post<NewApiKey>("/api/api-key-add", { name: "Till", scopes: ["cards:write"] }, { token });
    expect(res.body.data.key).toMatch(/^lc_live_/);
  } finally {
    await live.close();
  }
});

it("refuses bad input with field messages and writes nothing", async () => {
  const token = await owner();
  const before = await t.query(sql`select id from api_keys`);
  for (const body of [
    { name: "x", scopes: ["cards:read"] },
    { name: "Ok name", scopes: [] },
    { name: "Ok", scopes: ["admin"] },
    {},
  ]) {
    const res = await add(token, body);
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toBeDefined();
  }
  expect(await t.query(sql`select id from api_keys`)).toEqual(before);
});

it("revokes at once, only the owner's own keys, and lists it as revoked", async () => {
  const token = await owner();
  const other = await owner();
  const key = (await add(token, { name: "Shop", scopes: ["cards:read"] })).body.data;
  expectError(await t.post("/api/api-key-revoke", { id: key.id }, { token: other }), 404);
  const res = await t.post<ApiKey>("/api/api-key-revoke", { id: key.id }, { token });
  expect(res.statusCode).toBe(200);
  expect(res.body.data.revoked_at).toEqual(expect.any(String));
  const list = await t.get<ApiKey[]>("/api/api-key-list", { token });
  expect(list.body.data.map((k) => k.revoked_at)).toEqual([res.body.data.revoked_at]);
  // The other owner sees none of it.
  expect((await t.get<ApiKey[]>("/api/api-key-list", { token: other })).body.data).toEqual([]);
});

it("is for owners only, and a key never opens the dashboard's calls", async () => {
  const ownerRow = await t.createUser();
  const token = await t.tokenFor(ownerRow.id);
  const key = (
    await add(token, { name: "All", scopes: ["cards:read", "cards:write", "customers:read", "messages:write"] })
  ).body.data.key;
  for (const path of ["/api/api-key-list", "/user-profile", "/dashboard-details", "/business-list"]) {
    expectError(await t.get(path, { token: key }), 401);
  }
  expectError(await t.post("/api/api-key-add", { name: "Again", scopes: ["cards:read"] }, { token: key }), 401);
  const staff = await t.createUser({ role: "staff", ownerId: ownerRow.id });
  expectError(await add(await t.tokenFor(staff.id), { name: "Staff", scopes: ["cards:read"] }), 403);
});
