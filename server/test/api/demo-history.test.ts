import { sql } from "drizzle-orm";
import type { AnalyticsCohorts, AnalyticsLift, AnalyticsStaff, AnalyticsSummary } from "../../../contract/analytics";
import type { CardHistory } from "../../../contract/cards";
import { RFM_SEGMENTS, type AnalyticsRfm } from "../../../contract/rfm";
import { DEMO_USER, seed } from "../../src/seed";
import { DEMO_BAKERY, seedDemoBakery } from "../../src/seed/demo-bakery";
import { DEMO_CAFE, seedDemoCafe } from "../../src/seed/demo-cafe";
import { seedDemoHistory } from "../../src/seed/demo-history";
import { DEMO_NAILS, seedDemoNails } from "../../src/seed/demo-nails";
import { createTestApp, type TestApp } from "../helpers/app";

// The demo owner's three businesses with six months of history: every insights figure has a story.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async <T = number>(query: ReturnType<typeof sql>) =>
  Object.values((await t.query<Record<string, T>>(query))[0]!)[0] as T;

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** How much the owner's history holds: unchanged by a second seed. */
const volume = (owner: number) =>
  t.query(sql`select
    (select count(*)::int from cards where user_id = ${owner}) as cards,
    (select count(*)::int from scans where user_id = ${owner}) as scans,
    (select count(*)::int from card_events where user_id = ${owner}) as events,
    (select count(*)::int from sales where user_id = ${owner}) as sales,
    (select count(*)::int from vouchers where user_id = ${owner}) as vouchers,
    (select count(*)::int from pos_connections where user_id = ${owner}) as tills`);

it("answers every insight of each demo business from six months of history, once", async () => {
  await seed(t.database.db, { demoUser: true });
  const token = await t.login(DEMO_USER.email, DEMO_USER.password);
  const owner = await one(sql`select id from users where email = ${DEMO_USER.email}`);
  const ids = await t.query<{ id: number; name: string }>(
    sql`select id, business_name as name from businesses where user_id = ${owner} order by id`,
  );
  const idOf = (name: string) => String(ids.find((b) => b.name === name)!.id);
  const period = { from: isoDay(Date.now() - 182 * DAY), to: isoDay(Date.now()) };

  for (const name of [DEMO_CAFE.name, DEMO_BAKERY.name, DEMO_NAILS.name]) {
    const business_id = idOf(name);
    // A cohort in each of the six months, the older ones coming back less and less.
    const cohorts = (
      await t.get<AnalyticsCohorts>("/analytics-cohorts", { token, query: { business_id, months: "6" } })
    ).body.data.cohorts;
    expect(cohorts).toHaveLength(6);
    for (const cohort of cohorts)
      expect({ name, month: cohort.month, some: cohort.customers > 0 }).toMatchObject({ some: true });
    const oldest = cohorts[0]!.returned;
    expect({ name, first: oldest[0]! > 0, fades: oldest[0]! > oldest.at(-1)! }).toEqual({
      name,
      first: true,
      fades: true,
    });

    // Every segment has customers.
    const rfm = (await t.get<AnalyticsRfm>("/analytics-rfm", { token, query: { business_id } })).body.data;
    expect(rfm.segments.filter((s) => s.customers === 0).map((s) => s.segment)).toEqual([]);
    expect(rfm.segments.map((s) => s.segment)).toEqual([...RFM_SEGMENTS]);

    // A control group large enough for an answer, coming a little less often.
    const lift = (await t.get<AnalyticsLift>("/analytics-lift", { token, query: { business_id, ...period } })).body
      .data;
    expect({ name, percent: lift.percent, enough: lift.enough }).toEqual({ name, percent: 10, enough: true });
    expect(lift.extra_visits).not.toBeNull();

    const summary = (await t.get<AnalyticsSummary>("/analytics-summary", { token, query: { business_id, ...period } }))
      .body.data;
    expect(summary.visits).toBeGreaterThan(300);
    expect(summary.repeat_rate).toBeGreaterThan(0);
    expect(summary.redemptions).toBeGreaterThan(0);
  }

  // The tills: revenue, refunds, unknown customers' payments, and what rewards cost.
  for (const name of [DEMO_CAFE.name, DEMO_BAKERY.name]) {
    const business_id = idOf(name);
    const summary = (await t.get<AnalyticsSummary>("/analytics-summary", { token, query: { business_id, ...period } }))
      .body.data;
    expect(Number(summary.till_revenue)).toBeGreaterThan(0);
    expect(Number(summary.lifetime_value)).toBeGreaterThan(0);
    expect(Number(summary.reward_cost)).toBeGreaterThan(0);
    expect(
      await t.query(sql`select count(*) filter (where kind = 'refund')::int > 0 as refunds,
        count(*) filter (where card_id is null)::int > 0 as unknown, bool_and(s.currency = b.currency) as currency
        from sales s join businesses b on b.id = s.business_id where s.business_id = ${Number(business_id)}`),
    ).toEqual([{ refunds: true, unknown: true, currency: true }]);
    const rfm = (await t.get<AnalyticsRfm>("/analytics-rfm", { token, query: { business_id } })).body.data;
    expect(rfm.monetary).toBe(true);
  }

  // Staff: the owner's earns all beside a payment, the staff member's but a few.
  const staff = (
    await t.get<AnalyticsStaff>("/analytics-staff", { token, query: { business_id: idOf(DEMO_CAFE.name), ...period } })
  ).body.data;
  expect(staff.till).toBe(true);
  const sam = staff.staff.find((s) => s.name === DEMO_CAFE.staff.name)!;
  const boss = staff.staff.find((s) => s.user_id === owner)!;
  expect(sam.unmatched).toBeGreaterThan(0);
  expect(sam.unmatched! / sam.earns).toBeLessThan(0.15);
  expect(sam.unmatched! / sam.earns).toBeGreaterThan(boss.unmatched! / boss.earns);

  // Vouchers issued at joins, most of them used.
  const vouchers = await t.query<{ issued: number; redeemed: number }>(
    sql`select count(*)::int as issued, count(redeemed_at)::int as redeemed from vouchers where user_id = ${owner}`,
  );
  expect(vouchers[0]!.redeemed).toBeGreaterThan(vouchers[0]!.issued / 3);

  // Each card's balance is the sum of its history, and its latest event's balance.
  const mismatched = await t.query(sql`
    select c.id, c.stamps, coalesce(sum(e.delta), 0)::int as sum from cards c
    left join card_events e on e.card_id = c.id
    where c.user_id = ${owner}
    group by c.id
    having c.stamps <> coalesce(sum(e.delta), 0)
      or c.stamps <> (select e2.stamps_after from card_events e2 where e2.card_id = c.id order by e2.created_at desc, e2.id desc limit 1)`);
  expect(mismatched).toEqual([]);
  const levels = await t.query<{ level: string | null; earned: number }>(
    sql`select c.level, c.lifetime_stamps as earned from cards c where c.business_id = ${Number(idOf(DEMO_BAKERY.name))}`,
  );
  for (const c of levels) expect(c.level).toBe(c.earned >= 500 ? "Gold" : c.earned >= 200 ? "Silver" : null);
  // The dashboard's rollups agree with the history written beside them.
  const totals = await t.query<{ issued: number; redeemed: number; balance: number }>(sql`
    select sum(p.points_issued)::int as issued, sum(p.points_redeemed)::int as redeemed,
      (select sum(stamps)::int from cards where business_id = ${Number(idOf(DEMO_BAKERY.name))}) as balance
    from programme_totals p where p.business_id = ${Number(idOf(DEMO_BAKERY.name))}`);
  expect(totals[0]!.issued - totals[0]!.redeemed).toBeGreaterThanOrEqual(totals[0]!.balance);

  // The till's orders and refunds are named in the reader's language, as the engine's are.
  const [refunded] = await t.query<{ serial: string }>(
    sql`select c.serial from card_events e join cards c on c.id = e.card_id
        where e.user_id = ${owner} and e.reason_parts @> '[{"refund": {}}]' limit 1`,
  );
  const history = await t.get<CardHistory>("/card-history", {
    token,
    query: { serial: refunded!.serial, limit: "100" },
    headers: { "accept-language": "fr" },
  });
  const reasons = history.body.data.items.map((e) => e.reason).filter((r) => r !== null);
  expect(reasons.some((r) => /^Remboursement de la commande .+ \((square|shopify)\)$/.test(r!))).toBe(true);
  expect(reasons.some((r) => /^Commande .+ \((square|shopify)\)/.test(r!))).toBe(true);
  expect(reasons.filter((r) => /^(Order|Refund) /.test(r!))).toEqual([]);

  // Seeding again (every start) adds nothing.
  const before = await volume(owner);
  await seed(t.database.db, { demoUser: true });
  expect(await volume(owner)).toEqual(before);
});

it("is deterministic: the same day seeds the same history (secrets aside), and only beside the demo's businesses", async () => {
  const now = new Date("2026-11-20T15:00:00Z");
  const seedAll = async () => {
    const owner = await t.createUser();
    await seedDemoCafe(t.database.db, owner.id, now);
    await seedDemoBakery(t.database.db, owner.id, now);
    await seedDemoNails(t.database.db, owner.id);
    expect(await seedDemoHistory(t.database.db, owner.id, now)).toMatchObject({ created: true });
    return owner.id;
  };
  const [a, b] = [await seedAll(), await seedAll()];
  const shape = (owner: number) =>
    t.query(sql`
      select cu.name, cu.email, c.stamps, c.lifetime_stamps, c.lifetime_spend, c.rewards_redeemed, c.level,
        c.last_visit_at, c.created_at, (select count(*)::int from scans s where s.card_id = c.id) as scans,
        (select count(*)::int from sales s where s.card_id = c.id) as sales
      from cards c join customers cu on cu.id = c.customer_id where c.user_id = ${owner} order by c.id`);
  const [first, second] = await Promise.all([shape(a), shape(b)]);
  expect(first.length).toBeGreaterThan(900);
  expect(second).toEqual(first);
  expect(await seedDemoHistory(t.database.db, a, now)).toEqual({ created: false });

  // The control group (one card in ten, the same on every machine) comes a little less often.
  const token = await t.tokenFor(a);
  const businesses = await t.query<{ id: number }>(sql`select id from businesses where user_id = ${a} order by id`);
  expect(businesses).toHaveLength(3);
  const lifts = [];
  for (const { id } of businesses) {
    const lift = (
      await t.get<AnalyticsLift>("/analytics-lift", {
        token,
        query: { business_id: String(id), from: "2026-05-20", to: "2026-11-20" },
      })
    ).body.data;
    lifts.push({ enough: lift.enough, ...lift.visits_per_customer, extra: lift.extra_visits?.estimate });
  }
  expect(lifts.map((l) => l.enough)).toEqual([true, true, true]);
  // The café and the bakery (a stamp, a visit's points): the reached come more often than the held out.
  for (const lift of lifts.slice(0, 2)) {
    expect(lift.reached).toBeGreaterThan(lift.control);
    expect(lift.extra).toBeGreaterThan(0);
  }

  // An owner with a business of their own is left alone.
  const other = await t.createUser();
  await seedDemoCafe(t.database.db, other.id, now);
  expect(await seedDemoHistory(t.database.db, other.id, now)).toEqual({ created: false });
});
