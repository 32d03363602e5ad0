import { sql } from "drizzle-orm";
import fc from "fast-check";
import { sampleVariance, probit } from "simple-statistics";
import { MIN_LIFT_GROUP, type AnalyticsLift, type AnalyticsSummary } from "../../../contract/analytics";
import { controlBucket } from "../../src/modules/insights/control-group";
import { catchUp, ROLLUP_LOCK } from "../../src/modules/insights/rollups";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The period figures are read from day rollups the catch-up keeps (modules/insights/rollups.ts).
// Whatever the history and however it arrives (in several writes, each read in between, a late
// till sale, a rewritten time), the figures equal the ones counted from the history itself, card
// by card, as written here.
jest.setTimeout(180_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

type Scan = { card: number | null; kind: "join" | "stamp" | "redeem"; at: string };
type Sale = { card: number | null; kind: "sale" | "refund"; amount: number; at: string };
type Card = { id: number; serial: string; joined: string; referred: boolean };

const PERCENT = 20;
const day = (at: string) => at.slice(0, 10);
const after = (to: string) => new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The figures, counted from the history card by card. */
function expected(cards: Card[], scans: Scan[], sales: Sale[], from: string, to: string, percent = PERCENT) {
  const end = after(to);
  const inPeriod = (at: string) => day(at) >= from && day(at) < end;
  const period = scans.filter((s) => inPeriod(s.at));
  const visits = period.filter((s) => s.kind !== "redeem");
  const per = new Map<number, { times: number[]; redeemed: boolean }>();
  for (const s of period) {
    if (s.card === null) continue;
    const row = per.get(s.card) ?? { times: [], redeemed: false };
    if (s.kind === "redeem") row.redeemed = true;
    else row.times.push(Date.parse(s.at));
    per.set(s.card, row);
  }
  const active = [...per.values()].filter((r) => r.times.length > 0);
  const repeaters = active.filter((r) => r.times.length >= 2);
  const gaps = repeaters.reduce((sum, r) => sum + r.times.length - 1, 0);
  // In whole seconds, as the rollups keep it, so both round the same number.
  const span = repeaters.reduce((sum, r) => sum + (Math.max(...r.times) - Math.min(...r.times)) / 1000, 0) / 86_400;
  const redeemers = Math.min([...per.values()].filter((r) => r.redeemed).length, active.length);
  const net = (s: Sale) => (s.kind === "refund" ? -s.amount : s.amount);
  const held = sales.filter((s) => s.card !== null);
  const inSales = held.filter((s) => inPeriod(s.at));
  const referred = new Set(cards.filter((c) => c.referred).map((c) => c.id));
  const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);
  const money = (minor: number) => (minor / 100).toFixed(2);
  const summary = {
    visits: visits.length,
    active_customers: active.length,
    repeat_rate: share(repeaters.length, active.length),
    average_days_between_visits: gaps === 0 ? null : Math.round((span / gaps) * 10) / 10,
    redemptions: period.length - visits.length,
    redemption_rate: share(redeemers, active.length),
    till_revenue: money(inSales.reduce((sum, s) => sum + net(s), 0)),
    referral_revenue: money(inSales.filter((s) => referred.has(s.card!)).reduce((sum, s) => sum + net(s), 0)),
    lifetime_value: money(Math.round(held.reduce((sum, s) => sum + net(s), 0) / cards.length)),
  };
  const groups = {
    reached: { visits: [] as number[], spend: [] as number[] },
    control: { visits: [] as number[], spend: [] as number[] },
  };
  for (const card of cards.filter((c) => c.joined < end)) {
    const group = controlBucket(card.serial) < percent ? groups.control : groups.reached;
    group.visits.push(visits.filter((s) => s.card === card.id).length);
    group.spend.push(inSales.filter((s) => s.card === card.id).reduce((sum, s) => sum + net(s), 0));
  }
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const extra = (reached: number[], control: number[]) => {
    if (reached.length < 2 || control.length < 2) return null;
    const diff = mean(reached) - mean(control);
    const se = Math.sqrt(sampleVariance(reached) / reached.length + sampleVariance(control) / control.length);
    const n = reached.length;
    return {
      estimate: Math.round(diff * n),
      low: (diff - probit(0.975) * se) * n,
      high: (diff + probit(0.975) * se) * n,
    };
  };
  const round = (x: number) => Math.round(x * 100) / 100;
  const lift = {
    reached_customers: groups.reached.visits.length,
    control_customers: groups.control.visits.length,
    visits_per_customer: { reached: round(mean(groups.reached.visits)), control: round(mean(groups.control.visits)) },
    spend_per_customer: { reached: round(mean(groups.reached.spend)), control: round(mean(groups.control.spend)) },
    extra_visits: extra(groups.reached.visits, groups.control.visits),
    extra_spend: extra(groups.reached.spend, groups.control.spend),
  };
  return { summary, lift };
}

/** A business in EUR with a till, a 20 % control group and `count` cards joined in December 2025 (one in five referred). */
async function business(count: number) {
  const { token, business } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
  await t.query(
    sql`update businesses set currency = 'EUR', control_group_percent = ${PERCENT} where id = ${business.id}`,
  );
  const cards = await t.query<{ id: number; serial: string; joined: string; referred: boolean }>(sql`
    with made as (
      insert into customers (user_id, name, email)
      select b.user_id, 'Rollup ' || g, 'rollup-' || ${business.id} || '-' || g || '@example.com'
      from businesses b, generate_series(1, ${count}) g where b.id = ${business.id}
      returning id, user_id
    )
    insert into cards (user_id, business_id, customer_id, serial, created_at)
    select m.user_id, ${business.id}, m.id,
      'LC-' || upper(substr(md5(${business.id} || '/' || m.id), 1, 4)) || '-' ||
      upper(substr(md5(${business.id} || '/' || m.id), 5, 4)) || '-' || upper(substr(md5(${business.id} || '/' || m.id), 9, 4)),
      '2025-12-01T00:00:00Z'::timestamptz + make_interval(days => (m.id % 30)::int)
    from made m
    returning id, serial, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as joined, false as referred`);
  const referred = cards.filter((_, i) => i % 5 === 1);
  for (const card of referred) {
    await t.query(sql`update cards set referred_by_card_id = ${cards[0]!.id} where id = ${card.id}`);
    card.referred = true;
  }
  return { token, businessId: business.id, cards: cards as Card[] };
}

const writeScans = (businessId: number, scans: Scan[]) =>
  t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
    select b.user_id, b.id, s.card, s.kind, 0, s.at::timestamptz
    from businesses b, jsonb_to_recordset(${JSON.stringify(scans)}::jsonb) as s (card int, kind text, at text)
    where b.id = ${businessId}`);

const writeSales = (businessId: number, sales: Sale[], tag: string) =>
  t.query(sql`insert into sales (user_id, business_id, kind, order_id, refund_id, card_id, amount, currency, occurred_at)
    select b.user_id, b.id, s.kind, ${tag} || '-' || s.n, case when s.kind = 'refund' then 'r' else '' end, s.card, s.amount, 'EUR', s.at::timestamptz
    from businesses b, jsonb_to_recordset(${JSON.stringify(sales.map((s, n) => ({ ...s, n })))}::jsonb)
      as s (n int, card int, kind text, amount int, at text)
    where b.id = ${businessId}`);

async function read(token: string, businessId: number, from: string, to: string) {
  const query = { business_id: String(businessId), from, to };
  const [summary, lift] = await Promise.all([
    t.get<AnalyticsSummary>("/analytics-summary", { token, query }),
    t.get<AnalyticsLift>("/analytics-lift", { token, query }),
  ]);
  expect(summary.statusCode).toBe(200);
  expect(lift.statusCode).toBe(200);
  return { summary: summary.body.data, lift: lift.body.data };
}

/** The answers equal the history's; the interval's ends are rounded from a sum of squares (±1). */
function expectEqual(got: Awaited<ReturnType<typeof read>>, want: ReturnType<typeof expected>) {
  expect(got.summary).toMatchObject(want.summary);
  const { extra_visits, extra_spend, ...lift } = want.lift;
  expect(got.lift).toMatchObject(lift);
  const enough = lift.reached_customers >= MIN_LIFT_GROUP && lift.control_customers >= MIN_LIFT_GROUP;
  expect(got.lift.enough).toBe(enough);
  if (!enough) {
    expect(got.lift).toMatchObject({ extra_visits: null, extra_spend: null });
    return;
  }
  for (const [answer, truth] of [
    [got.lift.extra_visits, extra_visits],
    [got.lift.extra_spend, extra_spend],
  ] as const) {
    if (!truth) throw new Error("groups this large have an interval");
    // JSON has no -0: a rounded estimate just below zero is 0 in the answer.
    expect(answer!.estimate).toBe(truth.estimate + 0);
    expect(Math.abs(answer!.low - truth.low)).toBeLessThanOrEqual(1);
    expect(Math.abs(answer!.high - truth.high)).toBeLessThanOrEqual(1);
  }
}

/** A time on January `d` (1-31) of 2026 at `minute` past 08:00 UTC. */
const at = (d: number, minute: number) => new Date(Date.UTC(2026, 0, d, 8, minute)).toISOString();

const history = (cards: number) => {
  const scan = (days: [number, number]) =>
    fc.record({
      card: fc.option(fc.integer({ min: 0, max: cards - 1 }), { freq: 12 }),
      kind: fc.constantFrom("stamp", "stamp", "stamp", "redeem", "join") as fc.Arbitrary<Scan["kind"]>,
      day: fc.integer({ min: days[0], max: days[1] }),
      minute: fc.integer({ min: 0, max: 600 }),
    });
  const sale = fc.record({
    card: fc.option(fc.integer({ min: 0, max: cards - 1 }), { freq: 6 }),
    kind: fc.constantFrom("sale", "sale", "sale", "refund") as fc.Arbitrary<Sale["kind"]>,
    amount: fc.integer({ min: 1, max: 9_000 }),
    day: fc.integer({ min: 1, max: 31 }),
    minute: fc.integer({ min: 0, max: 600 }),
  });
  // Three writes, each later in time than the one before (a scan is written as it happens); sales
  // at any time (a till may deliver late).
  return fc.tuple(
    ...(
      [
        [1, 10],
        [11, 20],
        [21, 31],
      ] as [number, number][]
    ).map((days) =>
      fc.tuple(fc.array(scan(days), { minLength: 5, maxLength: 150 }), fc.array(sale, { maxLength: 60 })),
    ),
  );
};

it("figures equal the history's after every write, whatever the history and the period", async () => {
  // Enough cards for both groups of the lift (MIN_LIFT_GROUP each from 10 %).
  const CARDS = 400;
  await fc.assert(
    fc.asyncProperty(
      history(CARDS),
      fc.integer({ min: 1, max: 20 }),
      fc.integer({ min: 0, max: 15 }),
      fc.integer({ min: 10, max: 19 }),
      async (writes, from, length, lower) => {
        const { token, businessId, cards } = await business(CARDS);
        const scans: Scan[] = [];
        const sales: Sale[] = [];
        const period = [`2026-01-${String(from).padStart(2, "0")}`, day(at(Math.min(from + length, 31), 0))] as const;
        for (const [index, [newScans, newSales]] of writes.entries()) {
          const written = newScans.map((s) => ({
            card: s.card === null ? null : cards[s.card]!.id,
            kind: s.kind,
            at: at(s.day, s.minute),
          }));
          const paid = newSales.map((s) => ({
            card: s.card === null ? null : cards[s.card]!.id,
            kind: s.kind,
            amount: s.amount,
            at: at(s.day, s.minute),
          }));
          await writeScans(businessId, written);
          await writeSales(businessId, paid, `w${index}`);
          scans.push(...written);
          sales.push(...paid);
          expectEqual(await read(token, businessId, ...period), expected(cards, scans, sales, ...period));
        }
        // The whole month too, and again: a read that finds nothing new changes nothing.
        const month = ["2026-01-01", "2026-01-31"] as const;
        expectEqual(await read(token, businessId, ...month), expected(cards, scans, sales, ...month));
        expectEqual(await read(token, businessId, ...month), expected(cards, scans, sales, ...month));
        // Another percent selects other groups from the same rollups, nothing counted again.
        await t.query(sql`update businesses set control_group_percent = ${lower} where id = ${businessId}`);
        expectEqual(await read(token, businessId, ...month), expected(cards, scans, sales, ...month, lower));
        await t.query(sql`update businesses set control_group_percent = 0 where id = ${businessId}`);
        expectEqual(await read(token, businessId, ...month), expected(cards, scans, sales, ...month, 0));
      },
    ),
    // A failure is reported as found: shrinking a history of 400 cards would take minutes.
    { numRuns: 6, endOnFailure: true },
  );
});

it("history rewritten (a scan's time, a sale's amount, a deleted sale) is counted again from the history", async () => {
  const { token, businessId, cards } = await business(6);
  const [a, b] = [cards[0]!.id, cards[1]!.id];
  const scans: Scan[] = [
    { card: a, kind: "stamp", at: at(2, 0) },
    { card: a, kind: "stamp", at: at(5, 0) },
    { card: b, kind: "stamp", at: at(6, 0) },
    { card: b, kind: "redeem", at: at(7, 0) },
  ];
  const sales: Sale[] = [
    { card: a, kind: "sale", amount: 1_000, at: at(2, 1) },
    { card: b, kind: "sale", amount: 500, at: at(6, 1) },
  ];
  await writeScans(businessId, scans);
  await writeSales(businessId, sales, "r");
  const month = ["2026-01-01", "2026-01-31"] as const;
  expectEqual(await read(token, businessId, ...month), expected(cards, scans, sales, ...month));

  await t.query(sql`update scans set created_at = ${at(20, 0)}::timestamptz where card_id = ${b} and kind = 'stamp'`);
  await t.query(sql`update sales set amount = 700 where card_id = ${a}`);
  await t.query(sql`delete from sales where card_id = ${b}`);
  scans[2] = { ...scans[2]!, at: at(20, 0) };
  const rewritten = [{ ...sales[0]!, amount: 700 }];
  expectEqual(await read(token, businessId, ...month), expected(cards, scans, rewritten, ...month));
});

it("a scan committed while a catch-up runs is counted by the next one, once", async () => {
  const { token, businessId, cards } = await business(4);
  const a = cards[0]!.id;
  const first: Scan[] = [{ card: a, kind: "stamp", at: at(3, 0) }];
  await writeScans(businessId, first);

  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let written!: () => void;
  const inserted = new Promise<void>((resolve) => (written = resolve));
  const late = t.app.db.transaction(async (tx) => {
    await tx.execute(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
      select user_id, id, ${a}, 'stamp', 0, ${at(4, 0)}::timestamptz from businesses where id = ${businessId}`);
    written();
    await held;
  });
  await inserted;
  // The catch-up takes what is committed: the first scan, not the one still being written.
  expect(await catchUp(t.app.db, businessId)).toBe(1);
  const month = ["2026-01-01", "2026-01-31"] as const;
  expectEqual(await read(token, businessId, ...month), expected(cards, first, [], ...month));
  commit();
  await late;
  const both: Scan[] = [...first, { card: a, kind: "stamp", at: at(4, 0) }];
  expectEqual(await read(token, businessId, ...month), expected(cards, both, [], ...month));
  expect(await catchUp(t.app.db, businessId)).toBe(0);
});

it("concurrent reads of a business count its new history once", async () => {
  const { token, businessId, cards } = await business(8);
  const scans: Scan[] = cards.flatMap((c, i) => [
    { card: c.id, kind: "stamp" as const, at: at(1 + i, 0) },
    { card: c.id, kind: "stamp" as const, at: at(2 + i, 30) },
  ]);
  await writeScans(businessId, scans);
  const month = ["2026-01-01", "2026-01-31"] as const;
  const answers = await Promise.all(Array.from({ length: 6 }, () => read(token, businessId, ...month)));
  for (const answer of answers) expectEqual(answer, expected(cards, scans, [], ...month));
});

it("a read does not wait for a catch-up counting a whole history: it answers the figures as they stand", async () => {
  const { token, businessId, cards } = await business(4);
  const first: Scan[] = [{ card: cards[0]!.id, kind: "stamp", at: at(3, 0) }];
  await writeScans(businessId, first);
  const month = ["2026-01-01", "2026-01-31"] as const;
  expectEqual(await read(token, businessId, ...month), expected(cards, first, [], ...month));

  const both: Scan[] = [...first, { card: cards[1]!.id, kind: "stamp", at: at(4, 0) }];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  // Another catch-up of the business, still counting.
  const other = t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, ${businessId})`);
    locked();
    await released;
  });
  await holding;
  await writeScans(businessId, both.slice(1));
  expectEqual(await read(token, businessId, ...month), expected(cards, first, [], ...month));
  release();
  await other;
  expectEqual(await read(token, businessId, ...month), expected(cards, both, [], ...month));
});

it("a business deleted with its cards and history takes its rollups with it", async () => {
  const { token, businessId, cards } = await business(5);
  await writeScans(businessId, [{ card: cards[0]!.id, kind: "stamp", at: at(3, 0) }]);
  await read(token, businessId, "2026-01-01", "2026-01-31");
  const res = await t.post("/delete-business", { id: businessId }, { token });
  expect(res.statusCode).toBeLessThan(300);
  for (const table of ["insight_card_days", "insight_balances", "insight_visit_days", "insight_visit_lags"]) {
    const rows = await t.query(sql`select 1 from ${sql.identifier(table)} where business_id = ${businessId}`);
    expect(rows).toEqual([]);
  }
  // The deletion's notes are taken and dropped: there is no business to count them for.
  await catchUp(t.app.db, businessId);
  expect(await t.query(sql`select 1 from insight_changes where business_id = ${businessId}`)).toEqual([]);
});
