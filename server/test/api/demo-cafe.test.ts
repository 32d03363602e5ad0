import { sql } from "drizzle-orm";
import type { CustomerList, SegmentCount } from "../../../lib/contract/customers";
import type { CounterCode } from "../../../lib/contract/qr-codes";
import { DEMO_USER, seed } from "../../src/db/seed";
import { DEMO_CAFE, seedDemoCafe } from "../../src/db/seed/demo-cafe";
import { createTestApp, type TestApp } from "../helpers/app";

// The demo owner's "Demo Café" (issue 16, point 7): a full programme at seed time, deterministic,
// seeded once.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async <T = number>(query: ReturnType<typeof sql>) =>
  Object.values((await t.query<Record<string, T>>(query))[0]!)[0] as T;

it("seeds the demo owner a café with a logo, rewards, QR codes, staff, 200 customers and 60 days of activity", async () => {
  await seed(t.database.db, { demoUser: true });
  const token = await t.login(DEMO_USER.email, DEMO_USER.password);
  const owner = await one(sql`select id from users where email = ${DEMO_USER.email}`);

  expect(
    await one(sql`select count(*)::int from businesses where user_id = ${owner} and logo_file_id is not null`),
  ).toBe(1);
  expect(await one(sql`select count(*)::int from rewards where user_id = ${owner} and active`)).toBe(2);
  expect(await one(sql`select count(*)::int from qr_codes where user_id = ${owner}`)).toBe(2);
  expect(await one(sql`select count(*)::int from users where role = 'staff' and owner_id = ${owner}`)).toBe(1);
  expect(await one(sql`select count(*)::int from customers where user_id = ${owner}`)).toBe(DEMO_CAFE.customers);
  expect(await one(sql`select count(*)::int from cards where user_id = ${owner}`)).toBe(DEMO_CAFE.customers);
  expect(await one(sql`select count(*)::int from business_messages where user_id = ${owner}`)).toBe(3);
  expect(await one(sql`select count(*)::int from message_recipients`)).toBeGreaterThan(0);
  const span = await t.query<{ first: number; last: number; redeems: number; joins: number }>(sql`
    select extract(day from now() - min(created_at))::int as first, extract(day from now() - max(created_at))::int as last,
      count(*) filter (where kind = 'redeem')::int as redeems, count(*) filter (where kind = 'join')::int as joins
    from scans where user_id = ${owner}`);
  expect(span[0]!.first).toBeGreaterThanOrEqual(50);
  expect(span[0]!.first).toBeLessThanOrEqual(DEMO_CAFE.days);
  expect(span[0]!.last).toBeLessThanOrEqual(1);
  expect(span[0]!.redeems).toBeGreaterThan(10);
  expect(span[0]!.joins).toBe(DEMO_CAFE.customers);
  // The card figures are the sum of their scans: what the counter would have recorded.
  const mismatched = await one(sql`
    select count(*)::int from cards c where c.user_id = ${owner} and c.stamps <> (
      select s.stamps_after from scans s where s.card_id = c.id order by s.created_at desc, s.id desc limit 1)`);
  expect(mismatched).toBe(0);

  // What a newcomer sees on first sign-in: figures, a chart with data, customers in every state.
  const kpis = await t.get<{ customers: number; stamps_30_days: number; series: { stamps: number }[] }>(
    "/dashboard-details",
    { token },
  );
  expect(kpis.body.data.customers).toBe(DEMO_CAFE.customers);
  expect(kpis.body.data.stamps_30_days).toBeGreaterThan(100);
  expect(kpis.body.data.series.filter((d) => d.stamps > 0).length).toBeGreaterThan(20);
  const list = await t.get<CustomerList>("/customer-list", { token });
  expect(list.body.data.items).toHaveLength(25);
  expect(list.body.data.next_cursor).not.toBeNull();
  for (const segment of ["reward_ready", "near_reward", "birthday_this_month"]) {
    const count = await t.get<SegmentCount>("/segment-count", { token, query: { segment } });
    expect({ segment, some: count.body.data.count > 0 }).toEqual({ segment, some: true });
  }
  const inactive = await t.get<SegmentCount>("/segment-count", { token, query: { segment: "inactive", days: "14" } });
  expect(inactive.body.data.count).toBeGreaterThan(0);
  // The staff member can sign in with the demo password.
  const staffToken = await t.login(DEMO_CAFE.staff.email, DEMO_CAFE.staff.password);
  expect(staffToken).toEqual(expect.any(String));

  // One of the two codes rotates (issue 15), with its own key: its counter screen answers a code,
  // for the owner and for the staff member.
  const rotating = await t.query<{ id: number; key: string | null }>(
    sql`select id, counter_secret as key from qr_codes where user_id = ${owner} and mode = 'rotating'`,
  );
  expect(rotating).toHaveLength(1);
  expect(rotating[0]!.key).toMatch(/^[\w-]{43}$/);
  for (const who of [token, staffToken]) {
    const screen = await t.get<CounterCode>("/counter-code", { token: who, query: { qr_id: String(rotating[0]!.id) } });
    expect(screen.statusCode).toBe(200);
    expect(screen.body.data).toMatchObject({ mode: "rotating", label: "Counter", business_name: DEMO_CAFE.name });
    expect(screen.body.data.code).toEqual(expect.any(String));
    expect(screen.body.data.url).toContain(screen.body.data.code!);
  }

  // Seeding again (every start) changes nothing.
  await seed(t.database.db, { demoUser: true });
  expect(await one(sql`select count(*)::int from businesses where user_id = ${owner}`)).toBe(1);
  expect(await one(sql`select count(*)::int from cards where user_id = ${owner}`)).toBe(DEMO_CAFE.customers);
});

it("is deterministic: the same day seeds the same customers, cards and visits", async () => {
  const now = new Date("2026-11-20T15:00:00Z");
  const a = await t.createUser();
  const b = await t.createUser();
  expect(await seedDemoCafe(t.database.db, a.id, now)).toMatchObject({ created: true });
  expect(await seedDemoCafe(t.database.db, b.id, now)).toMatchObject({ created: true });
  const shape = (owner: number) =>
    t.query(sql`
      select cu.name, cu.email, cu.phone, cu.birthday, c.stamps, c.lifetime_stamps, c.rewards_redeemed,
        c.last_visit_at, c.created_at,
        (select count(*)::int from scans s where s.card_id = c.id) as scans
      from cards c join customers cu on cu.id = c.customer_id where c.user_id = ${owner} order by c.id`);
  const [first, second] = await Promise.all([shape(a.id), shape(b.id)]);
  expect(first).toHaveLength(DEMO_CAFE.customers);
  expect(second).toEqual(first);
  // Secrets are never the PRNG's: serials and QR tokens differ between the two cafés.
  const serials = await one(sql`select count(distinct serial)::int from cards where user_id in (${a.id}, ${b.id})`);
  expect(serials).toBe(2 * DEMO_CAFE.customers);
  // The rotating code's key is a secret too: each café has its own.
  const keys = await one(
    sql`select count(distinct counter_secret)::int from qr_codes where user_id in (${a.id}, ${b.id}) and mode = 'rotating'`,
  );
  expect(keys).toBe(2);
  // An owner who has a business of their own is left alone.
  expect(await seedDemoCafe(t.database.db, a.id, now)).toEqual({ created: false });
});
