import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import { connectPostgres } from "../../src/db/client";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The dashboard's calls (the envelope) and the public API (problem details) turn the same failures
// into the same status and headers: a statement timeout, a database out of reach, a body that
// cannot be read.

jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

async function keyFor(token: string) {
  const res = await t.post<NewApiKey>(
    "/api/api-key-add",
    { name: "Till", scopes: ["cards:read", "cards:write"] },
    { token },
  );
  if (res.statusCode !== 201) throw new Error(`api-key-add: ${res.statusCode} ${res.text}`);
  return res.body.data.key;
}

const v1 = (app: TestApp["app"], key: string, method: "GET" | "POST", url: string, payload?: string) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${key}`, ...(payload !== undefined && { "content-type": "application/json" }) },
    payload,
  });

describe("a statement that runs past the statement timeout", () => {
  it("is a 503 with Retry-After on both surfaces, and writes nothing", async () => {
    const slow = await t.testDatabase!.connectAgain({ statementTimeoutMs: 300 });
    const instance = await createTestApp({}, { database: slow });
    const { token, qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    const key = await keyFor(token);
    await t.query(
      sql.raw(
        `create function slow_scan() returns trigger language plpgsql as $$ begin perform pg_sleep(3); return null; end $$`,
      ),
    );
    await t.query(sql`create trigger slow_scan after insert on scans for each statement execute function slow_scan()`);
    try {
      const dashboard = await instance.post("/qr-code-scanner", { code: joined.card.serial }, { token });
      expectError(dashboard, 503);
      expect(dashboard.headers["retry-after"]).toBe("5");

      const api = await v1(
        instance.app,
        key,
        "POST",
        `/cards/${joined.card.serial}/earn`,
        JSON.stringify({ order_id: "slow-1", stamps: 1 }),
      );
      expect(api.statusCode).toBe(503);
      expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(api.headers["retry-after"]).toBe("5");
      expect(api.json()).toMatchObject({ status: 503, title: "Service Unavailable" });
    } finally {
      await t.query(sql`drop trigger slow_scan on scans`);
      await t.query(sql`drop function slow_scan()`);
      await instance.close();
    }
    const [{ n }] = (await t.query<{ n: number }>(
      sql`select count(*)::int as n from scans s join cards c on c.id = s.card_id where c.serial = ${joined.card.serial}`,
    )) as [{ n: number }];
    expect(n).toBe(1); // the join's first stamp only
  });
});

describe("a database out of reach", () => {
  it("is a 503 with Retry-After: 1 on both surfaces", async () => {
    const { token } = await f.programme();
    const key = await keyFor(token);
    const down = await createTestApp({}, { database: connectPostgres("postgres://nobody@127.0.0.1:1/none") });
    try {
      const dashboard = await down.get("/user-profile", { token });
      expectError(dashboard, 503);
      expect(dashboard.headers["retry-after"]).toBe("1");
      const api = await v1(down.app, key, "GET", "/cards?email=a@example.com");
      expect(api.statusCode).toBe(503);
      expect(api.headers["retry-after"]).toBe("1");
      expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);
    } finally {
      await down.close();
    }
  });
});

describe("a body that is not JSON", () => {
  it("is a 422 naming the body on both surfaces", async () => {
    const { token, business } = await f.programme();
    const key = await keyFor(token);
    const dashboard = await t.post("/login", undefined, { raw: "{not json", contentType: "application/json" });
    expectError(dashboard, 422);
    expect(dashboard.body.errors).toEqual({ _: ["The request body is not valid JSON."] });
    const api = await v1(t.app, key, "POST", "/cards", `{"business_id": ${business.id},`);
    expect(api.statusCode).toBe(422);
    expect(api.json()).toMatchObject({ status: 422, errors: { _: ["The request body is not valid JSON."] } });
  });
});
