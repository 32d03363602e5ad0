import { sql } from "drizzle-orm";
import type { CustomerList, SegmentCount } from "../../../contract/customers";
import type { CounterCode } from "../../../contract/qr-codes";
import { DEMO_USER, seed } from "../../src/seed";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Paginated } from "../../../contract/pagination";
import type { Reward, RewardOption } from "../../../contract/rewards";
import type { CategoryRule } from "../../../contract/category-rules";
import type { ProductCategory } from "../../../contract/product-category";
import type { ScanResult, WalletJoinResult } from "../../../contract/wallet";
import { DEMO_BAKERY, seedDemoBakery } from "../../src/seed/demo-bakery";
import { DEMO_CAFE, seedDemoCafe } from "../../src/seed/demo-cafe";
import { COHORTS } from "../../src/seed/demo-history-plans";
import { createTestApp, type TestApp } from "../helpers/app";

// The demo owner's "Demo Café": a full programme at seed time, deterministic,
// seeded once. Beside it "Demo Bakery" runs a points programme.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async <T = number>(query: ReturnType<typeof sql>) =>
  Object.values((await t.query<Record<string, T>>(query))[0]!)[0] as T;

it("seeds the demo owner a café with a logo, rewards, QR codes, staff, 200 recent customers and six months of activity", async () => {
  await seed(t.database.db, { demoUser: true });
  const token = await t.login(DEMO_USER.email, DEMO_USER.password);
  const owner = await one(sql`select id from users where email = ${DEMO_USER.email}`);
  const cafe = await one(sql`select id from businesses where user_id = ${owner} and business_name = ${DEMO_CAFE.name}`);
  // The three demo businesses: the café (stamps), the bakery (points) and the salon (prepaid visits),
  // with six months of history's customers beside the café's and the bakery's recent ones.
  const history = (months: readonly number[]) => months.reduce((sum, n) => sum + n, 0);
  const cafeCards = DEMO_CAFE.customers + history(COHORTS.cafe);
  const everyone = cafeCards + DEMO_BAKERY.customers + history(COHORTS.bakery) + history(COHORTS.nails);
  expect(await one(sql`select count(*)::int from businesses where user_id = ${owner}`)).toBe(3);

  expect(await one(sql`select count(*)::int from businesses where id = ${cafe} and logo_file_id is not null`)).toBe(1);
  expect(await one(sql`select currency from businesses where id = ${cafe}`)).toBe("GBP");
  expect(
    await one(sql`select count(*)::int from rewards where business_id = ${cafe} and active and kind = 'stamps'`),
  ).toBe(2);
  expect(await one(sql`select count(*)::int from qr_codes where business_id = ${cafe}`)).toBe(2);
  // A Tuesday happy hour of one extra stamp on the coffee card.
  expect(
    await one(sql`select concat_ws(' ', p.weekdays::text, p.start_time, p.end_time, p.bonus, p.multiplier, r.title)
      from promotions p join rewards r on r.id = p.reward_id where p.business_id = ${cafe}`),
  ).toBe("{2} 16:00 18:00 1 Free coffee");
  expect(await one(sql`select count(*)::int from users where role = 'staff' and owner_id = ${owner}`)).toBe(1);
  expect(await one(sql`select count(*)::int from customers where user_id = ${owner}`)).toBe(everyone);
  expect(await one(sql`select count(*)::int from cards where business_id = ${cafe}`)).toBe(cafeCards);
  expect(await one(sql`select count(*)::int from cards where user_id = ${owner}`)).toBe(everyone);
  expect(await one(sql`select count(*)::int from business_messages where user_id = ${owner}`)).toBe(3);
  // A welcome voucher for each new card.
  expect(await one(sql`select title from offers where business_id = ${cafe} and trigger = 'join' and active`)).toBe(
    "Free pastry with your first coffee",
  );
  expect(await one(sql`select count(*)::int from message_recipients`)).toBeGreaterThan(0);
  const span = await t.query<{ first: number; last: number; redeems: number; joins: number }>(sql`
    select extract(day from now() - min(created_at))::int as first, extract(day from now() - max(created_at))::int as last,
      count(*) filter (where kind = 'redeem')::int as redeems, count(*) filter (where kind = 'join')::int as joins
    from scans where business_id = ${cafe}`);
  expect(span[0]!.first).toBeGreaterThanOrEqual(150);
  expect(span[0]!.first).toBeLessThanOrEqual(183);
  expect(span[0]!.last).toBeLessThanOrEqual(1);
  expect(span[0]!.redeems).toBeGreaterThan(10);
  expect(span[0]!.joins).toBe(cafeCards);
  // The card figures are their history's: what the counter and the till would have recorded (a
  // refund after the last visit is history, not a scan).
  const mismatched = await one(sql`
    select count(*)::int from cards c where c.user_id = ${owner} and c.stamps <> (
      select e.stamps_after from card_events e where e.card_id = c.id order by e.created_at desc, e.id desc limit 1)`);
  expect(mismatched).toBe(0);

  // What a newcomer sees on first sign-in: figures, a chart with data, customers in every state.
  const kpis = await t.get<DashboardDetails>("/dashboard-details", { token });
  expect(kpis.body.data.customers).toBe(everyone);
  expect(kpis.body.data.points_issued).toBeGreaterThan(kpis.body.data.points_redeemed);
  expect(kpis.body.data.points_redeemed).toBeGreaterThan(0);
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

  // One of the two codes rotates, with its own key: its counter screen answers a code,
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
  expect(await one(sql`select count(*)::int from businesses where user_id = ${owner}`)).toBe(3);
  expect(await one(sql`select count(*)::int from cards where user_id = ${owner}`)).toBe(everyone);
});

it("seeds Demo Bakery: a points programme with a catalogue, a QR code and cards with points history", async () => {
  const now = new Date("2026-11-20T15:00:00Z");
  const owner = await t.createUser();
  const token = await t.tokenFor(owner.id);
  expect(await seedDemoBakery(t.database.db, owner.id, now)).toMatchObject({ created: true });

  const rewards = await t.get<Paginated<Reward>>("/reward-list", { token });
  expect(rewards.body.data.items).toEqual([
    expect.objectContaining({
      business_name: DEMO_BAKERY.name,
      kind: "points",
      stamps_required: 0,
      points_per_visit: DEMO_BAKERY.pointsPerVisit,
      points_per_unit: DEMO_BAKERY.pointsPerUnit,
      currency: "EUR",
      qr_codes_count: 1,
      levels: [
        { name: "Silver", from: 200, multiplier: "1.25" },
        { name: "Gold", from: 500, multiplier: "1.5" },
      ],
      level_basis: "points",
      level_period: "lifetime",
    }),
  ]);
  const reward = rewards.body.data.items[0]!;
  // Each card holds the level its lifetime points reach.
  const levels = await t.query<{ level: string | null; earned: number }>(
    sql`select level, lifetime_stamps as earned from cards where user_id = ${owner.id}`,
  );
  for (const c of levels) {
    expect(c.level).toBe(c.earned >= 500 ? "Gold" : c.earned >= 200 ? "Silver" : null);
  }
  expect(levels.some((c) => c.level !== null)).toBe(true);
  const options = await t.get<Paginated<RewardOption>>("/reward-option-list", {
    token,
    query: { reward_id: String(reward.id) },
  });
  expect(options.body.data.items.map((o) => [o.title, o.points])).toEqual(
    DEMO_BAKERY.options.map((o) => [o.title, o.points]),
  );

  // Every card's balance is its history's sum, in points, and the last scan's balance.
  const cards = await t.query<{ stamps: number; events: number; sum: number; last: number; spent: number }>(sql`
    select c.stamps, count(e.id)::int as events, coalesce(sum(e.delta), 0)::int as sum,
      (select s.stamps_after from scans s where s.card_id = c.id order by s.created_at desc, s.id desc limit 1) as last,
      c.lifetime_spend as spent
    from cards c left join card_events e on e.card_id = c.id and e.unit = 'points'
    where c.user_id = ${owner.id} group by c.id`);
  expect(cards).toHaveLength(DEMO_BAKERY.customers);
  for (const card of cards) {
    expect({ sum: card.sum, last: card.last }).toEqual({ sum: card.stamps, last: card.stamps });
  }
  expect(cards.filter((c) => c.events > 2).length).toBeGreaterThan(DEMO_BAKERY.customers / 2);
  expect(cards.some((c) => Number(c.spent) > 0)).toBe(true);
  const redeems = await t.query<{ option: string; delta: number; points: number }>(sql`
    select o.title as option, e.delta, o.points from card_events e join reward_options o on o.id = e.reward_option_id
    where e.user_id = ${owner.id} and e.kind = 'redeem'`);
  expect(redeems.length).toBeGreaterThan(0);
  for (const redeem of redeems) expect(redeem.delta).toBe(-redeem.points);
  expect(await one(sql`select count(*)::int from scans where user_id = ${owner.id} and amount > 0`)).toBeGreaterThan(0);

  const kpis = (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;
  const balances = cards.reduce((n, c) => n + c.stamps, 0);
  expect(kpis.points_issued - kpis.points_redeemed).toBe(balances);

  // Deterministic like the café; not seeded twice, nor beside an owner's own business.
  const other = await t.createUser();
  await seedDemoBakery(t.database.db, other.id, now);
  const shape = (id: number) =>
    t.query(sql`select c.stamps, c.lifetime_stamps, c.lifetime_spend, c.rewards_redeemed, c.last_visit_at
      from cards c where c.user_id = ${id} order by c.id`);
  expect(await shape(other.id)).toEqual(await shape(owner.id));
  expect(await seedDemoBakery(t.database.db, owner.id, now)).toEqual({ created: false });
});

it("seeds Demo Bakery's pastries: a category of the till's items that earns double points at the till and the scanner", async () => {
  const owner = await t.createUser();
  const token = await t.tokenFor(owner.id);
  expect(await seedDemoBakery(t.database.db, owner.id)).toMatchObject({ created: true });

  const categories = await t.get<Paginated<ProductCategory>>("/product-category-list", { token });
  expect(categories.body.data.items).toEqual([
    expect.objectContaining({
      name: "Pastries",
      business_name: DEMO_BAKERY.name,
      item_ids: [...DEMO_BAKERY.pastries.itemIds],
    }),
  ]);
  const pastries = categories.body.data.items[0]!;
  const rules = await t.get<{ items: CategoryRule[] }>("/category-rule-list", { token });
  expect(rules.body.data.items).toEqual([
    expect.objectContaining({
      product_category_id: pastries.id,
      product_category_name: "Pastries",
      reward_title: "Bakery points",
      multiplier: "2",
    }),
  ]);

  // A new customer (the join's 5 points), then €10.00 of which €4.00 pastries: 6 + 2 × 4 = 14, + 5 a visit.
  const [qr] = await t.query<{ token: string }>(
    sql`select qr_token as token from qr_codes where user_id = ${owner.id}`,
  );
  const joined = await t.post<WalletJoinResult>("/wallet-join", {
    qr_token: qr!.token,
    name: "Pia Pastry",
    email: `pia-${Date.now()}@example.com`,
    consent: true,
  });
  expect(joined.statusCode).toBe(201);
  const scan = await t.post<ScanResult>(
    "/qr-code-scanner",
    {
      code: joined.body.data.card.serial,
      amount: "10.00",
      lines: [{ product_category_id: pastries.id, amount: "4.00" }],
    },
    { token },
  );
  expect(scan.statusCode).toBe(200);
  expect(scan.body.data.stamps).toBe(5 + 14 + DEMO_BAKERY.pointsPerVisit);
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
