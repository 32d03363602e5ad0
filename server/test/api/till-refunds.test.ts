import { sql } from "drizzle-orm";
import type { NotificationList } from "../../../contract/notifications";
import type { Paginated } from "../../../contract/pagination";
import type { PosConnection } from "../../../contract/pos";
import { createTestApp, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender, squareSender } from "../helpers/till-senders";

// Refunds in proportion: each refund of an order takes back its share of the order's amount part,
// the visit part only once the refunds reach the order's total; each refund id once.
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

const connect = async (token: string, businessId: number, provider: "shopify" | "square", secret: string) => {
  const res = await t.post<{ id: number; webhook_url: string }>(
    "/pos-connection-add",
    { business_id: businessId, provider, secret },
    { token },
  );
  expect(res.statusCode).toBe(201);
  return res.body.data;
};
const balanceOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const outcome = (res: { body: { data: unknown } }) => (res.body.data as { outcome: string }).outcome;

/** An owner with a points programme, a customer's card, and a Shopify connection. */
async function shopWith(columns: Record<string, unknown>) {
  const p = await programmeOf({ kind: "points", ...columns });
  const joined = await f.join(p.qr.qr_token);
  const connection = await connect(p.token, p.business.id, "shopify", "k");
  return { ...p, joined, connection, shop: shopifySender(t, connection, "k") };
}

describe("Shopify refunds", () => {
  it("a 20.00 order earns 20 points; refunds of 5.00 and 5.00 take back 5 and 5", async () => {
    const { joined, shop, token } = await shopWith({ points_per_visit: 0, points_per_unit: 1 });
    const before = await balanceOf(joined.card.serial);
    expect(outcome(await shop.paid({ id: 101, total: "20.00", email: joined.email }))).toBe("earned");
    expect(await balanceOf(joined.card.serial)).toBe(before + 20);
    expect(outcome(await shop.refund(101, { id: 1, amounts: ["5.00"] }))).toBe("refunded");
    expect(await balanceOf(joined.card.serial)).toBe(before + 15);
    expect(outcome(await shop.refund(101, { id: 2, amounts: ["2.50", "2.50"] }))).toBe("refunded");
    expect(await balanceOf(joined.card.serial)).toBe(before + 10);
    const [listed] = (await t.get<Paginated<PosConnection>>("/pos-connection-list", { token })).body.data.items;
    expect(listed!.last_orders[0]).toMatchObject({ order_id: "101", earned: 20, refunded: 10 });
  });

  it("refunds adding up to the total take back everything, the visit points with the last one", async () => {
    const { joined, shop } = await shopWith({ points_per_visit: 3, points_per_unit: 1 });
    const before = await balanceOf(joined.card.serial);
    await shop.paid({ id: 102, total: "20.00", email: joined.email });
    expect(await balanceOf(joined.card.serial)).toBe(before + 23);
    await shop.refund(102, { id: 1, amounts: ["7.00"] });
    expect(await balanceOf(joined.card.serial)).toBe(before + 23 - 7);
    await shop.refund(102, { id: 2, amounts: ["12.99"] });
    // 19.99 of 20.00: floor(20 × 19.99 / 20) = 19 of the amount's points, the visit's stay.
    expect(await balanceOf(joined.card.serial)).toBe(before + 23 - 19);
    await shop.refund(102, { id: 3, amounts: ["0.01"] });
    expect(await balanceOf(joined.card.serial)).toBe(before);
    // Nothing more to take back, however much more is refunded.
    expect(outcome(await shop.refund(102, { id: 4, amounts: ["50.00"] }))).toBe("refunded");
    expect(await balanceOf(joined.card.serial)).toBe(before);
  });

  it("a stamp programme's stamp comes back only with the refund that reaches the total", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const joined = await f.join(qr.qr_token);
    const shop = shopifySender(t, await connect(token, business.id, "shopify", "k"), "k");
    const before = await balanceOf(joined.card.serial);
    await shop.paid({ id: 103, total: "20.00", email: joined.email });
    expect(await balanceOf(joined.card.serial)).toBe(before + 1);
    await shop.refund(103, { id: 1, amounts: ["19.99"] });
    expect(await balanceOf(joined.card.serial)).toBe(before + 1);
    await shop.refund(103, { id: 2, amounts: ["0.01"] });
    expect(await balanceOf(joined.card.serial)).toBe(before);
  });

  it("the same refund delivered twice takes back once; a refund with no successful money takes nothing", async () => {
    const { joined, shop } = await shopWith({ points_per_visit: 0, points_per_unit: 1 });
    const before = await balanceOf(joined.card.serial);
    await shop.paid({ id: 104, total: "20.00", email: joined.email });
    expect(outcome(await shop.refund(104, { id: 7, amounts: ["5.00"] }))).toBe("refunded");
    expect(outcome(await shop.refund(104, { id: 7, amounts: ["5.00"] }))).toBe("already refunded");
    expect(await balanceOf(joined.card.serial)).toBe(before + 15);
    // Only a failed attempt (the sender's transaction of status failure): nothing returned.
    expect(outcome(await shop.refund(104, { id: 8, amounts: [] }))).toBe("ignored");
    expect(await balanceOf(joined.card.serial)).toBe(before + 15);
  });

  it("refunds delivered at once: the same one takes back once, different ones add up to the order's earn", async () => {
    const { joined, shop } = await shopWith({ points_per_visit: 3, points_per_unit: 1 });
    const before = await balanceOf(joined.card.serial);
    await shop.paid({ id: 106, total: "20.00", email: joined.email });
    const same = await Promise.all(Array.from({ length: 8 }, () => shop.refund(106, { id: 1, amounts: ["4.00"] })));
    expect(same.map(outcome).filter((o) => o === "refunded")).toHaveLength(1);
    expect(await balanceOf(joined.card.serial)).toBe(before + 23 - 4);
    // Four more of 4.00 at once reach the total: all 23 back, never more.
    const others = await Promise.all([2, 3, 4, 5, 6].map((id) => shop.refund(106, { id, amounts: ["4.00"] })));
    expect(others.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(joined.card.serial)).toBe(before);
    const [order] = await t.query<{ refunded: number }>(
      sql`select refunded from order_earns where order_id = 'shopify:106'`,
    );
    expect(order).toEqual({ refunded: 23 });
  });

  it("a refund after the balance was spent stops at zero and tells the owner in the feed", async () => {
    const { joined, shop, token } = await shopWith({ points_per_visit: 0, points_per_unit: 1 });
    await shop.paid({ id: 105, total: "20.00", email: joined.email });
    // The customer spent all but 4 of the order's points.
    await t.query(sql`update cards set stamps = 4 where serial = ${joined.card.serial}`);
    expect(outcome(await shop.refund(105, { id: 1, amounts: ["10.00"] }))).toBe("refunded");
    expect(await balanceOf(joined.card.serial)).toBe(0);
    const [order] = await t.query<{ refunded: number }>(
      sql`select refunded from order_earns where order_id = 'shopify:105'`,
    );
    expect(order).toEqual({ refunded: 4 });
    const feed = (await t.get<NotificationList>("/notification-list", { token })).body.data.notificationData;
    const entries = feed.filter((e) => e.kind === "refund_short");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ title: "Refund beyond the balance" });
    expect(entries[0]!.text).toContain("order 105");
    expect(entries[0]!.text).toContain("6 points");
  });
});

describe("Square refunds", () => {
  it("take back by the refund's amount_money, each refund id once", async () => {
    const { token, business, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const joined = await f.join(qr.qr_token);
    const square = squareSender(t, await connect(token, business.id, "square", "sq"), "sq");
    await square.payment({ id: "P200", amount: 2500, email: joined.email });
    expect(await balanceOf(joined.card.serial)).toBe(250);
    // 10.00 of 25.00 returned: 100 of the 250 cashback (minor units).
    expect(outcome(await square.refund("P200", "COMPLETED", "refund.created", { id: "R1", amount: 1000 }))).toBe(
      "refunded",
    );
    expect(await balanceOf(joined.card.serial)).toBe(150);
    // Square sends refund.updated for the same refund: nothing more.
    expect(outcome(await square.refund("P200", "COMPLETED", "refund.updated", { id: "R1", amount: 1000 }))).toBe(
      "already refunded",
    );
    expect(outcome(await square.refund("P200", "COMPLETED", "refund.created", { id: "R2", amount: 1500 }))).toBe(
      "refunded",
    );
    expect(await balanceOf(joined.card.serial)).toBe(0);
    const [spend] = await t.query<{ spend: number }>(
      sql`select lifetime_spend::int as spend from cards where serial = ${joined.card.serial}`,
    );
    expect(spend).toEqual({ spend: 0 });
  });
});
