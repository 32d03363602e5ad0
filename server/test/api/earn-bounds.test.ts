import { sql } from "drizzle-orm";
import type { Business } from "../../../contract/business";
import type { Paginated } from "../../../contract/pagination";
import type { Reward } from "../../../contract/rewards";
import type { ScanResult } from "../../../contract/wallet";
import type { NewApiKey } from "../../../contract/api-keys";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { BUSINESS_FIELDS, multipart } from "../helpers/dashboard";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender } from "../helpers/till-senders";
import { v1Client } from "../helpers/v1-client";

// What an amount earns, the same on every path: points per 1.00 as a decimal (down to one point
// per 100.00), and the business's largest purchase that earns, checked by the engine for the
// scanner, the public API and the tills alike.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  ({ programmeOf } = kindFixtures(t, f));
});
afterAll(() => t.close());

const scan = (token: string, serial: string, amount: string) =>
  t.post<ScanResult>("/qr-code-scanner", { code: serial, amount }, { token });
const balanceOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const eventsOf = async (serial: string) =>
  (
    await t.query<{ n: number }>(
      sql`select count(*)::int as n from card_events e join cards c on c.id = e.card_id where c.serial = ${serial}`,
    )
  )[0]!.n;

async function v1For(token: string) {
  const res = await t.post<NewApiKey>(
    "/api/api-key-add",
    { name: "Till", scopes: ["cards:read", "cards:write"] },
    { token },
  );
  if (res.statusCode !== 201) throw new Error(`api-key-add: ${res.statusCode} ${res.text}`);
  return v1Client(t.app, res.body.data.key);
}
const v1Earn = (api: ReturnType<typeof v1Client>, serial: string, orderId: string, amount: string) =>
  api.POST("/cards/{serial}/earn", { params: { path: { serial } }, body: { order_id: orderId, amount } });

async function connectShopify(token: string, businessId: number) {
  const res = await t.post<{ id: number; webhook_url: string }>(
    "/pos-connection-add",
    { business_id: businessId, provider: "shopify", secret: "shpss_bounds" },
    { token },
  );
  expect(res.statusCode).toBe(201);
  return shopifySender(t, res.body.data, "shpss_bounds");
}

describe("points per unit as a decimal", () => {
  it("add-reward takes 0.1 (one point per 10.00) and a whole number, stores them exactly and answers decimal strings", async () => {
    const token = await f.owner();
    const { id: businessId } = await f.addBusiness(token);
    const tenth = await f.addReward(token, businessId, { title: "Beans", kind: "points", points_per_unit: "0.1" });
    expect(tenth).toMatchObject({ kind: "points", points_per_unit: "0.1" });
    const whole = await f.addReward(token, businessId, { title: "Beans 2", kind: "points", points_per_unit: 2 });
    expect(whole).toMatchObject({ points_per_unit: "2" });
    const hundredth = await f.addReward(token, businessId, {
      title: "Beans 3",
      kind: "points",
      points_per_unit: "0.01",
    });
    expect(hundredth).toMatchObject({ points_per_unit: "0.01" });
    const stored = await t.query<{ points_per_unit: string }>(
      sql`select points_per_unit::text from rewards where id in (${tenth.id}, ${whole.id}, ${hundredth.id}) order by id`,
    );
    expect(stored.map((r) => r.points_per_unit)).toEqual(["0.10", "2.00", "0.01"]);
    const list = await t.get<Paginated<Reward>>(`/reward-list?business_id=${businessId}`, { token });
    expect(list.body.data.items.map((r) => r.points_per_unit).sort()).toEqual(["0.01", "0.1", "2"]);
  });

  it("refuses finer than hundredths, negative and non-numbers (422), adding nothing", async () => {
    const token = await f.owner();
    const { id: businessId } = await f.addBusiness(token);
    for (const points_per_unit of ["0.001", "-1", "one", "1e3"]) {
      const res = await t.post(
        "/add-reward",
        { business_id: businessId, title: "Beans", kind: "points", points_per_unit },
        { token },
      );
      expectInvalid(res, ["points_per_unit"]);
    }
    const [row] = await t.query<{ n: number }>(
      sql`select count(*)::int as n from rewards where business_id = ${businessId}`,
    );
    expect(row!.n).toBe(0);
  });

  it("earns floor(amount × points_per_unit) per purchase at the scanner, through /v1 and at the till", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: "0.1" });
    const { card, email } = await f.join(qr.qr_token);
    // 25.00 at one point per 10.00: 2 points (not 2.5, and not 25).
    expect((await scan(token, card.serial, "25.00")).statusCode).toBe(200);
    expect(await balanceOf(card.serial)).toBe(2);

    const api = await v1For(token);
    const earned = await v1Earn(api, card.serial, "V-1", "19.99");
    expect(earned.response.status).toBe(200);
    expect(earned.data).toMatchObject({ earned: 1, unit: "points" });
    expect(earned.data!.card).toMatchObject({ points_per_unit: "0.1", balance: 3 });

    const shop = await connectShopify(token, business.id);
    expect((await shop.paid({ id: 7001, total: "40.00", email })).body.data).toEqual({ outcome: "earned" });
    expect(await balanceOf(card.serial)).toBe(7);
  });

  it("keeps hundredths exact where floats would not (0.29 × 100.00 is 29 points, not 28)", async () => {
    const { token, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: "0.29" });
    const { card } = await f.join(qr.qr_token);
    expect((await scan(token, card.serial, "100.00")).statusCode).toBe(200);
    expect(await balanceOf(card.serial)).toBe(29);
  });
});

describe("the business's largest purchase that earns", () => {
  it("is 10,000 by default, answered as a decimal string, and set in the business form", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    expect(business.max_purchase_amount).toBe("10000");
    const body = await multipart({ ...BUSINESS_FIELDS, id: String(business.id), max_purchase_amount: "250.5" });
    const edited = await t.post<Business>("/add-business", undefined, { token, ...body });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.data.max_purchase_amount).toBe("250.5");
    // An edit that leaves the field out keeps the business's own.
    const again = await multipart({ ...BUSINESS_FIELDS, id: String(business.id) });
    expect(
      (await t.post<Business>("/add-business", undefined, { token, ...again })).body.data.max_purchase_amount,
    ).toBe("250.5");
  });

  it("refuses a limit that is not a positive amount of at most two decimals (422), changing nothing", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    for (const max_purchase_amount of ["0", "-5", "12.345", "lots", "1000000000"]) {
      const body = await multipart({ ...BUSINESS_FIELDS, id: String(business.id), max_purchase_amount });
      expectInvalid(await t.post("/add-business", undefined, { token, ...body }), ["max_purchase_amount"]);
    }
    const [row] = await t.query<{ max: string }>(
      sql`select max_purchase_amount::text as max from businesses where id = ${business.id}`,
    );
    expect(row!.max).toBe("10000.00");
  });

  it("an amount above it earns nothing on any path: the scanner and /v1 answer 422, the till skips it as above-limit", async () => {
    const { token, business, qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
    const { card, email } = await f.join(qr.qr_token);
    const before = await eventsOf(card.serial);

    expectInvalid(await scan(token, card.serial, "10000.01"), ["amount"]);
    const api = await v1For(token);
    for (const [order, amount] of [
      ["V-1", "10001.00"],
      ["V-2", "999999999.99"],
    ] as const) {
      const res = await v1Earn(api, card.serial, order, amount);
      expect(res.response.status).toBe(422);
      expect(res.response.headers.get("content-type")).toMatch(/application\/problem\+json/);
    }
    const shop = await connectShopify(token, business.id);
    const huge = await shop.paid({ id: 7101, total: "10001.00", email });
    expect(huge.statusCode).toBe(200);
    expect(huge.body.data).toEqual({ outcome: "above limit" });
    expect(await t.query(sql`select reason from pos_skipped_orders where order_id = ${"shopify:7101"}`)).toEqual([
      { reason: "above-limit" },
    ]);
    expect(await balanceOf(card.serial)).toBe(0);
    expect(await eventsOf(card.serial)).toBe(before);

    // At the limit it earns, on every path.
    expect((await scan(token, card.serial, "10000.00")).statusCode).toBe(200);
    expect((await v1Earn(api, card.serial, "V-3", "10000.00")).response.status).toBe(200);
    expect(await balanceOf(card.serial)).toBe(20000);
  });

  it("follows the owner's own limit, for a stamp card's amount too", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const body = await multipart({ ...BUSINESS_FIELDS, id: String(business.id), max_purchase_amount: "50" });
    expect((await t.post("/add-business", undefined, { token, ...body })).statusCode).toBe(200);
    const { card } = await f.join(qr.qr_token);
    const joined = await balanceOf(card.serial);
    const refused = await scan(token, card.serial, "50.01");
    expectInvalid(refused, ["amount"]);
    expect(refused.body.errors!.amount![0]).toContain("50");
    expect(await balanceOf(card.serial)).toBe(joined);
    expect((await scan(token, card.serial, "50.00")).statusCode).toBe(200);
    expect(await balanceOf(card.serial)).toBe(joined + 1);
  });
});
