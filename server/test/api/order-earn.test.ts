import { Refusal } from "../../src/domain/refusal";
import { sql } from "drizzle-orm";
import { earnForOrder, refundOrder, type OrderEarnInput } from "../../src/modules/integrations/order-earn";
import { createTestApp, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";

// An order from outside earns once per business whatever is retried (concurrently too:
// CI runs this file on PostgreSQL as well), and its refund takes back exactly that, once.
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

const ownerOf = async (serial: string) =>
  (
    await t.query<{ user_id: number; business_id: number }>(
      sql`select user_id, business_id from cards where serial = ${serial}`,
    )
  )[0]!;
const earn = async (serial: string, over: Partial<OrderEarnInput> = {}) =>
  earnForOrder(t.app.db, t.app.events, {
    ownerId: (await ownerOf(serial)).user_id,
    serial,
    orderId: "A-1",
    source: "api",
    ...over,
  });
const refund = async (serial: string, orderId = "A-1") => {
  const { user_id, business_id } = await ownerOf(serial);
  return refundOrder(t.app.db, t.app.events, { ownerId: user_id, businessId: business_id, orderId, source: "api" });
};
const balance = async (serial: string) =>
  (
    await t.query<{ stamps: number; spend: number; history: string }>(
      sql`select c.stamps, c.lifetime_spend::int as spend,
            (select string_agg(e.kind || ':' || e.delta || ':' || coalesce(e.reason, ''), ',' order by e.id)
               from card_events e where e.card_id = c.id and e.kind <> 'join') as history
          from cards c where c.serial = ${serial}`,
    )
  )[0]!;

it("a points order earns by its amount once; a retry earns nothing; the refund takes it back once", async () => {
  const { qr } = await programmeOf({ kind: "points", points_per_visit: 0, points_per_unit: 1 });
  const { card } = await f.join(qr.qr_token);
  const first = await earn(card.serial, { amount: "42.50" });
  expect(first).toMatchObject({ duplicate: false, earn: { earned: 42, unit: "points", amount: 4250, source: "api" } });
  const again = await earn(card.serial, { amount: "99.00" });
  expect(again).toMatchObject({ duplicate: true, applied: null, earn: { earned: 42 } });
  expect(await balance(card.serial)).toEqual({ stamps: 42, spend: 4250, history: "stamp:42:Order A-1 (api)" });

  expect(await refund(card.serial)).toMatchObject({ duplicate: false, earn: { refunded: 42 } });
  expect(await refund(card.serial)).toMatchObject({ duplicate: true, applied: null });
  expect(await balance(card.serial)).toMatchObject({ stamps: 0, spend: 0 });
  expect((await balance(card.serial)).history).toBe("stamp:42:Order A-1 (api),adjust:-42:Refund of order A-1 (api)");
  // Refunded or not, the order never earns again.
  expect(await earn(card.serial, { amount: "42.50" })).toMatchObject({ duplicate: true });
  expect((await balance(card.serial)).stamps).toBe(0);
});

it("a stamp order earns one stamp, or the stamps sent; a refund of a spent balance stops at zero", async () => {
  const { qr } = await f.programme({ cooldown_minutes: 240, daily_cap: 1 });
  const { card } = await f.join(qr.qr_token);
  await earn(card.serial, { orderId: "S-1" });
  await earn(card.serial, { orderId: "S-2", stamps: 3 });
  expect((await balance(card.serial)).stamps).toBe(1 + 1 + 3);
  await t.query(sql`update cards set stamps = 1 where serial = ${card.serial}`);
  expect(await refund(card.serial, "S-2")).toMatchObject({ earn: { earned: 3, refunded: 1 } });
  expect((await balance(card.serial)).stamps).toBe(0);
});

it("a refused earn (no amount on cashback) writes nothing, and the order may earn later", async () => {
  const { qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
  const { card } = await f.join(qr.qr_token);
  await expect(earn(card.serial, { orderId: "C-1" })).rejects.toBeInstanceOf(Refusal);
  expect(await t.query(sql`select 1 from order_earns where order_id = 'C-1'`)).toHaveLength(0);
  expect(await earn(card.serial, { orderId: "C-1", amount: "10.00" })).toMatchObject({ earn: { earned: 100 } });
});

it("another owner's card, an unknown order's refund: nothing", async () => {
  const { qr } = await f.programme();
  const { card } = await f.join(qr.qr_token);
  const stranger = await t.createUser();
  expect(await earn(card.serial, { ownerId: stranger.id })).toBeUndefined();
  expect(await refund(card.serial, "never")).toBeUndefined();
});

it("the same order delivered 10 times at once earns once", async () => {
  const { qr } = await programmeOf({ kind: "points", points_per_visit: 5, points_per_unit: 0 });
  const { card } = await f.join(qr.qr_token);
  const before = (await balance(card.serial)).stamps;
  const outcomes = await Promise.all(Array.from({ length: 10 }, () => earn(card.serial, { orderId: "R-1" })));
  expect(outcomes.filter((o) => !o!.duplicate)).toHaveLength(1);
  expect((await balance(card.serial)).stamps).toBe(before + 5);
  const refunds = await Promise.all(Array.from({ length: 10 }, () => refund(card.serial, "R-1")));
  expect(refunds.filter((o) => !o!.duplicate)).toHaveLength(1);
  expect((await balance(card.serial)).stamps).toBe(before);
});

it("partial refunds take back the amount's share, the visit's with the refund that reaches the total, each refund id once", async () => {
  const { qr } = await programmeOf({ kind: "points", points_per_visit: 2, points_per_unit: 1 });
  const { card } = await f.join(qr.qr_token);
  const start = (await balance(card.serial)).stamps;
  expect(await earn(card.serial, { orderId: "P-1", amount: "20.00" })).toMatchObject({
    earn: { earned: 22, visitEarned: 2, total: 2000 },
  });
  const { user_id, business_id } = await ownerOf(card.serial);
  const part = (refundId: string, amount: number) =>
    refundOrder(t.app.db, t.app.events, {
      ownerId: user_id,
      businessId: business_id,
      orderId: "P-1",
      source: "api",
      refundId,
      amount,
    });
  expect(await part("r1", 500)).toMatchObject({ duplicate: false, taken: 5, short: 0 });
  expect(await part("r1", 500)).toMatchObject({ duplicate: true, taken: 0 });
  expect(await part("r2", 1499)).toMatchObject({ taken: 14 });
  expect((await balance(card.serial)).stamps).toBe(start + 22 - 19);
  expect(await part("r3", 1)).toMatchObject({ taken: 3, earn: { refunded: 22, refundedAmount: 2000 } });
  expect((await balance(card.serial)).stamps).toBe(start);
  expect((await balance(card.serial)).spend).toBe(0);
});
