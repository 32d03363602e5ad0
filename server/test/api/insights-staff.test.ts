import { sql } from "drizzle-orm";
import type { AnalyticsStaff } from "../../../contract/analytics";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// analytics-staff: each staff member's earns in a period, matched one-to-one to the nearest till
// payment at the business within 10 minutes. Earns and payments are written at known instants.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const DAY = "2026-03-10";
const at = (minutes: number) => new Date(Date.parse(`${DAY}T12:00:00Z`) + minutes * 60_000).toISOString();

let emails = 0;
/** An owner's business with a card and two staff members (ids); with a till connected when asked. */
async function setup(till: boolean) {
  const { token, business, qr } = await f.programme();
  await f.join(qr.qr_token);
  const staffIds: number[] = [];
  for (const name of ["a", "b"]) {
    const email = `staff-${name}-${++emails}-${Date.now()}@example.com`;
    const staff = await f.staffOf(token, email);
    const [row] = await t.query<{ id: number }>(sql`select id from users where email = ${email}`);
    staffIds.push(row!.id);
    void staff;
  }
  const [c] = await t.query<{ id: number; user_id: number }>(
    sql`select id, user_id from cards where business_id = ${business.id}`,
  );
  if (till) {
    await t.query(sql`insert into pos_connections (user_id, business_id, provider, secret)
      values (${c!.user_id}, ${business.id}, 'square', 'secret')`);
  }
  const earn = (staffId: number, minutes: number) =>
    t.query(sql`insert into scans (user_id, business_id, card_id, staff_user_id, kind, stamps_after, created_at)
      values (${c!.user_id}, ${business.id}, ${c!.id}, ${staffId}, 'stamp', 1, ${at(minutes)}::timestamptz)`);
  let order = 0;
  const pay = (minutes: number, cardId: number | null = null) =>
    t.query(sql`insert into sales (user_id, business_id, card_id, kind, order_id, amount, currency, occurred_at)
      values (${c!.user_id}, ${business.id}, ${cardId}, 'sale', ${`o-${++order}`}, 500, 'EUR', ${at(minutes)}::timestamptz)`);
  return { token, business, staffIds, earn, pay };
}

const read = (token: string, businessId: number) =>
  t.get<AnalyticsStaff>("/analytics-staff", { token, query: { business_id: String(businessId), from: DAY, to: DAY } });

const rowOf = (data: AnalyticsStaff, id: number) => data.staff.find((s) => s.user_id === id);

describe("analytics-staff", () => {
  it("matches each earn to one payment at most, nearest first, payments of unknown customers included", async () => {
    const s = await setup(true);
    const [a, b] = s.staffIds as [number, number];
    // Two earns a minute apart and one payment between them: one of them only is matched.
    await s.earn(a, 0);
    await s.earn(b, 2);
    await s.pay(1.5);
    // A third earn with its own payment of an unknown customer 9 minutes later.
    await s.earn(a, 60);
    await s.pay(69);
    const res = await read(s.token, s.business.id);
    expect(res.statusCode).toBe(200);
    expect(res.body.data.till).toBe(true);
    // The payment at 1.5 is nearer b's earn (0.5 min) than a's (1.5 min).
    expect(rowOf(res.body.data, a)).toMatchObject({ earns: 2, matched: 1, unmatched: 1 });
    expect(rowOf(res.body.data, b)).toMatchObject({ earns: 1, matched: 1, unmatched: 0 });
  });

  it("matches a payment exactly 10 minutes away and not one just past it", async () => {
    const s = await setup(true);
    const [a, b] = s.staffIds as [number, number];
    await s.earn(a, 0);
    await s.pay(10);
    await s.earn(b, 100);
    await s.pay(110 + 1 / 60);
    const res = await read(s.token, s.business.id);
    expect(rowOf(res.body.data, a)).toMatchObject({ earns: 1, matched: 1, unmatched: 0 });
    expect(rowOf(res.body.data, b)).toMatchObject({ earns: 1, matched: 0, unmatched: 1 });
  });

  it("counts earns without matches when no till is connected", async () => {
    const s = await setup(false);
    const [a] = s.staffIds as [number, number];
    await s.earn(a, 0);
    await s.pay(1);
    const res = await read(s.token, s.business.id);
    expect(res.body.data.till).toBe(false);
    expect(res.body.data.staff).toEqual([
      { user_id: a, name: "Sam Staff", earns: 1, matched: null, unmatched: null, unmatched_share: null, alert: false },
    ]);
  });

  it("answers 404 for another owner's business and 403 to staff", async () => {
    const s = await setup(true);
    const other = await f.owner();
    expectError(await read(other, s.business.id), 404);
    const email = `staff-reader-${Date.now()}@example.com`;
    const staff = await f.staffOf(s.token, email);
    expect((await read(staff.token, s.business.id)).statusCode).toBe(403);
  });
});
