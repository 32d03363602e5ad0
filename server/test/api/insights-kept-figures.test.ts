import { sql } from "drizzle-orm";
import type { SegmentCount } from "../../../contract/customers";
import type { AnalyticsCohorts } from "../../../contract/analytics";
import type { AnalyticsRfm } from "../../../contract/rfm";
import { refreshCohorts, refreshRfmScores } from "../../src/modules/insights/refresh";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// The RFM scores (rfm_scores) and the cohort counts (cohort_counts) are kept per business by the
// insights job: a read answers the last scoring or count (a business's first read makes it), a
// write moves them at the job's next run, and a run figures again only the businesses that
// changed since.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/** 25 cards: card i (1-25, by id) last visited 26 - i days ago, with i visits 30 days ago and more. */
async function history(businessId: number) {
  await t.query(sql`
    with made as (
      insert into customers (user_id, name, email)
      select b.user_id, 'Scored ' || g, 'scored-' || ${businessId} || '-' || g || '@example.com'
      from businesses b, generate_series(1, 25) g where b.id = ${businessId}
      returning id, user_id
    )
    insert into cards (user_id, business_id, customer_id, serial, created_at)
    select m.user_id, ${businessId}, m.id, 'scored-' || ${businessId} || '-' || m.id, now() - interval '200 days'
    from made m order by m.id`);
  const cards = await t.query<{ id: number }>(sql`select id from cards where business_id = ${businessId} order by id`);
  for (const [index, card] of cards.entries()) {
    const i = index + 1;
    await t.query(sql`update cards set last_visit_at = now() - make_interval(days => ${26 - i}) where id = ${card.id}`);
    await t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
      select c.user_id, c.business_id, c.id, 'stamp', 0, now() - make_interval(days => 30 + g)
      from cards c, generate_series(1, ${i}) g where c.id = ${card.id}`);
  }
  return cards;
}

const rfm = async (token: string, query: Record<string, string>) => {
  const res = await t.get<AnalyticsRfm>("/analytics-rfm", { token, query });
  expect(res.statusCode).toBe(200);
  return res.body.data;
};
const counts = (data: AnalyticsRfm) =>
  Object.fromEntries(data.segments.filter((s) => s.customers > 0).map((s) => [s.segment, s.customers]));
const segmentCount = async (token: string, businessId: number, segment: string) =>
  (await t.get<SegmentCount>("/segment-count", { token, query: { business_id: String(businessId), segment } })).body
    .data.count;

const snapshot = () =>
  Promise.all([
    t.query(sql`select * from rfm_scores order by card_id`),
    t.query(sql`select * from rfm_scorings order by business_id`),
  ]);

describe("RFM scores kept by the scoring job", () => {
  it("a join and a staff stamp move the scores at the job's next run; until then the read and the segments answer the last scoring", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0 });
    await history(business.id);
    const id = String(business.id);
    const before = await rfm(token, { business_id: id });
    expect(counts(before)).toEqual({ lost: 5, hibernating: 5, loyal: 5, champions: 10 });

    // A customer joins and gets a stamp: two visits today.
    const joined = await f.join(qr.qr_token);
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    expect(await rfm(token, { business_id: id })).toEqual(before);
    expect(await segmentCount(token, business.id, "rfm:promising")).toBe(0);

    expect((await refreshRfmScores(t.database.db)).scored).toBeGreaterThanOrEqual(1);
    // 26 cards: R5 is the five most recent (22-25 and the new card), F1 the six fewest visits
    // (1, 2, the new card's two, 3-5): the new card is R5F1, promising.
    const after = await rfm(token, { business_id: id, segment: "promising" });
    expect(after.customers).toBe(26);
    expect(after.cards!.items).toEqual([
      expect.objectContaining({
        serial: joined.card.serial,
        visits: 2,
        recency: 5,
        frequency: 1,
        segment: "promising",
      }),
    ]);
    expect(await segmentCount(token, business.id, "rfm:promising")).toBe(1);
  });

  it("scores again only the businesses that changed; run twice, the second run changes nothing", async () => {
    const changed = await f.programme();
    const still = await f.programme();
    const cards = await history(changed.business.id);
    await history(still.business.id);
    await rfm(changed.token, { business_id: String(changed.business.id) });
    await rfm(still.token, { business_id: String(still.business.id) });
    await refreshRfmScores(t.database.db); // whatever earlier tests left due
    const scoredAt = async (businessId: number) =>
      (
        await t.query<{ at: string }>(
          sql`select scored_at::text as at from rfm_scorings where business_id = ${businessId}`,
        )
      )[0]!.at;
    const stillAt = await scoredAt(still.business.id);
    const changedAt = await scoredAt(changed.business.id);

    // The oldest card visits today (a scan, as the engine writes it with the card's last visit).
    await t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after)
      select user_id, business_id, id, 'stamp', 0 from cards where id = ${cards[0]!.id}`);
    await t.query(sql`update cards set last_visit_at = now() where id = ${cards[0]!.id}`);
    expect(await refreshRfmScores(t.database.db)).toEqual({ scored: 1 });
    expect(await scoredAt(still.business.id)).toBe(stillAt);
    expect(await scoredAt(changed.business.id)).not.toBe(changedAt);
    // Card 1 is now the most recent with 2 visits: R5F1 promising; card 2-6 are R1.
    const moved = await rfm(changed.token, { business_id: String(changed.business.id), segment: "promising" });
    expect(moved.cards!.items).toEqual([expect.objectContaining({ visits: 2, recency: 5, frequency: 1 })]);

    const first = await snapshot();
    expect(await refreshRfmScores(t.database.db)).toEqual({ scored: 0 });
    expect(await snapshot()).toEqual(first);
  });

  it("scores again a business scored a day ago, as the window moves", async () => {
    const { token, business } = await f.programme();
    await history(business.id);
    await rfm(token, { business_id: String(business.id) });
    await refreshRfmScores(t.database.db);
    await t.query(
      sql`update rfm_scorings set scored_at = now() - interval '25 hours', counts = '{}' where business_id = ${business.id}`,
    );
    expect(await refreshRfmScores(t.database.db)).toEqual({ scored: 1 });
    expect(counts(await rfm(token, { business_id: String(business.id) }))).toEqual({
      lost: 5,
      hibernating: 5,
      loyal: 5,
      champions: 10,
    });
  });

  it("two first reads at once score the business once, and both answer it", async () => {
    const { token, business } = await f.programme();
    await history(business.id);
    const [a, b] = await Promise.all([
      rfm(token, { business_id: String(business.id) }),
      rfm(token, { business_id: String(business.id) }),
    ]);
    expect(a).toEqual(b);
    expect(a.customers).toBe(25);
    const rows = await t.query<{ n: string }>(
      sql`select count(*) as n from rfm_scores where business_id = ${business.id}`,
    );
    expect(Number(rows[0]!.n)).toBe(25);
  });
});

describe("cohort counts kept by the insights job", () => {
  const cohorts = async (token: string, businessId: number, months = "2") => {
    const res = await t.get<AnalyticsCohorts>("/analytics-cohorts", {
      token,
      query: { business_id: String(businessId), months },
    });
    expect(res.statusCode).toBe(200);
    return res.body.data.cohorts;
  };
  const lastMonth = () => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12)).toISOString();
  };

  it("a visit this month of a card that joined last month moves the count at the job's next run", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    const joined = await f.join(qr.qr_token);
    await t.query(sql`update cards set created_at = ${lastMonth()}::timestamptz where serial = ${joined.card.serial}`);
    await t.query(sql`update scans set created_at = ${lastMonth()}::timestamptz
      where card_id = (select id from cards where serial = ${joined.card.serial})`);
    await refreshCohorts(t.database.db);
    const before = await cohorts(token, business.id);
    expect(before[0]).toMatchObject({ customers: 1, returned: [0] });

    // It comes back this month (a staff stamp): the count answered until the job runs is the last.
    expect((await f.staffScan(token, joined.card.serial)).statusCode).toBe(200);
    expect(await cohorts(token, business.id)).toEqual(before);
    expect((await refreshCohorts(t.database.db)).counted).toBeGreaterThanOrEqual(1);
    expect((await cohorts(token, business.id))[0]).toMatchObject({ customers: 1, returned: [1] });
    // A new card this month is a cohort of its own at the next run.
    await f.join(qr.qr_token);
    await refreshCohorts(t.database.db);
    expect((await cohorts(token, business.id))[1]).toMatchObject({ customers: 1, returned: [] });
  });

  it("counts again only the businesses that changed; run twice, the second run changes nothing", async () => {
    const changed = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    const still = await f.programme();
    const card = await f.join(changed.qr.qr_token);
    await cohorts(changed.token, changed.business.id, "24");
    await cohorts(still.token, still.business.id, "24");
    await refreshCohorts(t.database.db); // whatever earlier tests left due
    const countedAt = async (businessId: number) =>
      (
        await t.query<{ at: string }>(
          sql`select counted_at::text as at from cohort_counts where business_id = ${businessId}`,
        )
      )[0]!.at;
    const stillAt = await countedAt(still.business.id);
    expect((await f.staffScan(changed.token, card.card.serial)).statusCode).toBe(200);
    expect(await refreshCohorts(t.database.db)).toEqual({ counted: 1 });
    expect(await countedAt(still.business.id)).toBe(stillAt);

    const first = await t.query(sql`select * from cohort_counts order by business_id`);
    expect(await refreshCohorts(t.database.db)).toEqual({ counted: 0 });
    expect(await t.query(sql`select * from cohort_counts order by business_id`)).toEqual(first);
  });
});
