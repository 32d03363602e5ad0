import { sql } from "drizzle-orm";
import type { AnalyticsCohorts, AnalyticsLift, AnalyticsSummary } from "../../../contract/analytics";
import { controlBucket, inControlGroup } from "../../src/modules/insights/control-group";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender } from "../helpers/till-senders";

// Insights: the sales every till delivery leaves, and the figures an owner reads, each on a small
// hand-made history whose answers are known.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let k: ReturnType<typeof kindFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  k = kindFixtures(t, f);
});
afterAll(() => t.close());

const connect = async (token: string, businessId: number, secret: string) => {
  const res = await t.post<{ id: number; webhook_url: string }>(
    "/pos-connection-add",
    { business_id: businessId, provider: "shopify", secret },
    { token },
  );
  expect(res.statusCode).toBe(201);
  return shopifySender(t, res.body.data, secret);
};

type Sale = {
  kind: string;
  order_id: string;
  refund_id: string;
  card_id: number | null;
  amount: number | null;
  currency: string | null;
};
const salesOf = (businessId: number) =>
  t.query<Sale>(
    sql`select kind, order_id, refund_id, card_id, amount::int as amount, currency from sales
        where business_id = ${businessId} order by id`,
  );

const cardIdOf = async (joined: { card: { serial: string } }) =>
  (await t.query<{ id: number }>(sql`select id from cards where serial = ${joined.card.serial}`))[0]!.id;

const summary = (token: string, query: Record<string, string>) =>
  t.get<AnalyticsSummary>("/analytics-summary", { token, query });

describe("sales", () => {
  it("every verified paid order is kept once, earned or not; each refund once", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const joined = await f.join(qr.qr_token);
    const cardId = await cardIdOf(joined);
    const shop = await connect(token, business.id, "shpss_sales");

    // A stamp programme's order, twice (a retry), an unknown customer's, one in another currency.
    expect((await shop.paid({ id: 801, total: "12.40", email: joined.email })).body.data).toEqual({
      outcome: "earned",
    });
    expect((await shop.paid({ id: 801, total: "12.40", email: joined.email })).body.data).toEqual({
      outcome: "already earned",
    });
    expect((await shop.paid({ id: 802, total: "9.00", email: "nobody@example.com" })).body.data).toEqual({
      outcome: "unknown customer",
    });
    expect((await shop.paid({ id: 803, total: "5.00", currency: "USD", email: joined.email })).body.data).toEqual({
      outcome: "other currency",
    });
    // A refund of part of the first, delivered twice; a refund of the unknown customer's order.
    await shop.refund(801, { id: 91, amounts: ["2.40"] });
    await shop.refund(801, { id: 91, amounts: ["2.40"] });
    await shop.refund(802, { id: 92, amounts: ["9.00"] });

    expect(await salesOf(business.id)).toEqual([
      { kind: "sale", order_id: "shopify:801", refund_id: "", card_id: cardId, amount: 1240, currency: "EUR" },
      { kind: "sale", order_id: "shopify:802", refund_id: "", card_id: null, amount: 900, currency: "EUR" },
      { kind: "sale", order_id: "shopify:803", refund_id: "", card_id: null, amount: 500, currency: "USD" },
      {
        kind: "refund",
        order_id: "shopify:801",
        refund_id: "shopify:91",
        card_id: cardId,
        amount: 240,
        currency: "EUR",
      },
      { kind: "refund", order_id: "shopify:802", refund_id: "shopify:92", card_id: null, amount: 900, currency: "EUR" },
    ]);
  });

  it("the same order delivered 8 times at once is kept once", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const joined = await f.join(qr.qr_token);
    const shop = await connect(token, business.id, "shpss_once");
    await Promise.all(Array.from({ length: 8 }, () => shop.paid({ id: 901, total: "3.00", email: joined.email })));
    expect(await salesOf(business.id)).toHaveLength(1);
  });
});

describe("analytics-summary", () => {
  /**
   * January 2026 at a points business: A visits on the 2nd, 5th and 12th; B on the 10th and
   * redeems an option (cost 5.00) on the 11th; a deleted customer's visit on the 15th; C, whom A
   * referred, visits in February. Till: A paid 20.00 and got 5.00 back, C paid 30.00, a stranger 9.00.
   */
  async function january() {
    const p = await k.programmeOf({ kind: "points", points_per_visit: 10, points_per_unit: 0 });
    const { token, business, reward, qr } = p;
    const lunch = await k.addOption(reward.id, "Free lunch", 100);
    const coffee = await k.addOption(reward.id, "Coffee", 50);
    await t.query(sql`update reward_options set cost = 500 where id = ${lunch}`);
    await t.query(sql`update reward_options set cost = 400 where id = ${coffee}`);
    const [a, b, c] = [await f.join(qr.qr_token), await f.join(qr.qr_token), await f.join(qr.qr_token)];
    const [A, B, C] = [await cardIdOf(a), await cardIdOf(b), await cardIdOf(c)];
    await t.query(sql`update cards set referred_by_card_id = ${A} where id = ${C}`);

    const shop = await connect(token, business.id, "shpss_jan");
    await shop.paid({ id: 1, total: "20.00", email: a.email });
    await shop.refund(1, { id: 11, amounts: ["5.00"] });
    await shop.paid({ id: 2, total: "30.00", email: c.email });
    await shop.paid({ id: 3, total: "9.00", email: "stranger@example.com" });
    await t.query(sql`update sales set occurred_at = '2026-01-20T12:00:00Z' where business_id = ${business.id}`);

    const scan = (cardId: number | null, kind: string, at: string) =>
      t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
        select user_id, id, ${cardId}, ${kind}, 0, ${at}::timestamptz from businesses where id = ${business.id}`);
    await scan(A, "stamp", "2026-01-02T09:00:00Z");
    await scan(A, "stamp", "2026-01-05T09:00:00Z");
    await scan(A, "stamp", "2026-01-12T09:00:00Z");
    await scan(B, "stamp", "2026-01-10T09:00:00Z");
    await scan(B, "redeem", "2026-01-11T09:00:00Z");
    await scan(null, "stamp", "2026-01-15T09:00:00Z");
    await scan(C, "stamp", "2026-02-01T09:00:00Z");
    await t.query(sql`insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit, reward_option_id, created_at)
      select user_id, business_id, id, 'redeem', -100, 0, 'points', ${lunch}, '2026-01-11T09:00:00Z' from cards where id = ${B}`);
    // What the cards hold now: A 200 points, B and C none.
    await t.query(
      sql`update cards set stamps = case when id = ${A} then 200 else 0 end where business_id = ${business.id}`,
    );
    return { token, business };
  }

  it("answers the period's figures", async () => {
    const { token, business } = await january();
    const res = await summary(token, { business_id: String(business.id), from: "2026-01-01", to: "2026-01-31" });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      business_id: business.id,
      from: "2026-01-01",
      to: "2026-01-31",
      currency: "EUR",
      visits: 5,
      active_customers: 2,
      repeat_rate: 0.5,
      average_days_between_visits: 5,
      redemptions: 1,
      redemption_rate: 0.5,
      reward_cost: "5.00",
      // 200 points at the cheapest cost per point (Free lunch: 5.00 for 100).
      outstanding_liability: "10.00",
      till_revenue: "45.00",
      referral_revenue: "30.00",
      // 45.00 over three cards.
      lifetime_value: "15.00",
    });

    const february = await summary(token, { business_id: String(business.id), from: "2026-02-01", to: "2026-02-28" });
    expect(february.body.data).toMatchObject({
      visits: 1,
      active_customers: 1,
      repeat_rate: 0,
      average_days_between_visits: null,
      redemptions: 0,
      reward_cost: "0.00",
      till_revenue: "0.00",
      lifetime_value: "15.00",
    });
  });

  it("another owner's business is not found; a bad period is refused", async () => {
    const { business } = await f.programme();
    const other = await f.owner();
    expectError(await summary(other, { business_id: String(business.id), from: "2026-01-01", to: "2026-01-31" }), 404);
    const { token, business: own } = await f.programme();
    expectInvalid(await summary(token, { business_id: String(own.id), from: "2026-02-01", to: "2026-01-31" }), ["to"]);
    expectInvalid(await summary(token, { business_id: String(own.id), from: "2024-01-01", to: "2026-12-31" }), ["to"]);
    expectInvalid(await summary(token, { business_id: String(own.id), from: "2026-13-01", to: "2026-12-31" }), [
      "from",
    ]);
  });
});

describe("the control group and lift", () => {
  /** `count` more cards at the business, made in one statement, each with one visit per `visits(i)` in January. */
  async function cards(businessId: number, count: number) {
    await t.query(sql`
      with made as (
        insert into customers (user_id, name, email)
        select b.user_id, 'Bulk ' || g, 'bulk-' || ${businessId} || '-' || g || '@example.com'
        from businesses b, generate_series(1, ${count}) g where b.id = ${businessId}
        returning id, user_id
      )
      insert into cards (user_id, business_id, customer_id, serial, created_at)
      select m.user_id, ${businessId}, m.id,
        'LC-' || upper(substr(md5(${businessId} || '-' || m.id), 1, 4)) || '-' ||
        upper(substr(md5(${businessId} || '-' || m.id), 5, 4)) || '-' ||
        upper(substr(md5(${businessId} || '-' || m.id), 9, 4)),
        '2025-12-01T00:00:00Z'
      from made m`);
    return t.query<{ id: number; serial: string }>(
      sql`select id, serial from cards where business_id = ${businessId} order by id`,
    );
  }

  it("a card's place is stable: raising the percent only adds cards; messages skip held-out cards", async () => {
    const { token, business } = await f.programme();
    const all = await cards(business.id, 200);
    const buckets = await t.query<{ serial: string; bucket: number }>(
      sql`select serial, (('x' || substr(md5(serial), 1, 8))::bit(32)::bigint % 100)::int as bucket
          from cards where business_id = ${business.id}`,
    );
    for (const row of buckets) expect(controlBucket(row.serial)).toBe(row.bucket);

    const held = (percent: number) =>
      all.filter((c) => inControlGroup({ serial: c.serial, controlGroupPercent: percent })).map((c) => c.id);
    const update = (percent: unknown) =>
      t.post("/control-group-update", { business_id: business.id, percent }, { token });
    expect((await update(5)).body.data).toEqual({ business_id: business.id, percent: 5 });
    const five = held(5);
    const fifteen = held(15);
    expect(five.length).toBeGreaterThan(0);
    expect(fifteen).toEqual(expect.arrayContaining(five));
    expect(fifteen.length).toBeGreaterThan(five.length);

    expectInvalid(await update(21), ["percent"]);
    expectInvalid(await update(-1), ["percent"]);
    expectError(
      await t.post("/control-group-update", { business_id: business.id, percent: 5 }, { token: await f.owner() }),
      404,
    );

    // A segmented message reaches every new card but the held-out ones.
    await update(15);
    await t.query(sql`update cards set created_at = now() where business_id = ${business.id}`);
    const sent = await t.post(
      "/notification-add",
      { business_id: business.id, segment: "new", days: 30, title: "Hello", message: "Welcome" },
      { token },
    );
    expect(sent.statusCode).toBeLessThan(300);
    const reached = await t.query<{ card_id: number }>(
      sql`select r.card_id from message_recipients r join cards c on c.id = r.card_id where c.business_id = ${business.id}`,
    );
    expect(reached.map((r) => r.card_id).sort((x, y) => x - y)).toEqual(
      all.map((c) => c.id).filter((id) => !fifteen.includes(id)),
    );
  });

  it("a message to every card holder skips the held-out cards on every channel", async () => {
    const { token, business } = await f.programme();
    const all = await cards(business.id, 100);
    await t.query(sql`update cards set consent_email_at = now() where business_id = ${business.id}`);
    expect(
      (await t.post("/control-group-update", { business_id: business.id, percent: 20 }, { token })).statusCode,
    ).toBe(200);
    const held = all.filter((c) => inControlGroup({ serial: c.serial, controlGroupPercent: 20 })).map((c) => c.id);
    expect(held.length).toBeGreaterThan(0);
    const sent = await t.post<{ id: number }>(
      "/notification-add",
      { business_id: business.id, title: "Hello all", message: "Open late today", channels: ["pass", "email"] },
      { token },
    );
    expect(sent.statusCode).toBe(201);
    await t.settle();
    const mailed = await t.query<{ card_id: number }>(
      sql`select card_id from channel_sends where purpose = ${`message:${sent.body.data.id}`} and channel = 'email' order by card_id`,
    );
    expect(mailed.map((r) => r.card_id)).toEqual(all.map((c) => c.id).filter((id) => !held.includes(id)));
    // The customer's page (as the card's feed) does not list it for a held-out card; it does for another.
    const received = async (serial: string) => {
      const detail = await t.get<{ messages: { title: string }[] }>("/customer-detail", { token, query: { serial } });
      expect(detail.statusCode).toBe(200);
      return detail.body.data.messages.map((m) => m.title);
    };
    expect(await received(all.find((c) => c.id === held[0])!.serial)).not.toContain("Hello all");
    expect(await received(all.find((c) => !held.includes(c.id))!.serial)).toContain("Hello all");
  });

  it("with too few customers, lift says so", async () => {
    const { token, business } = await f.programme();
    await cards(business.id, 20);
    await t.post("/control-group-update", { business_id: business.id, percent: 20 }, { token });
    const res = await t.get<AnalyticsLift>("/analytics-lift", {
      token,
      query: { business_id: String(business.id), from: "2026-01-01", to: "2026-01-31" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ enough: false, extra_visits: null, extra_spend: null, percent: 20 });
    expect(res.body.data.reached_customers + res.body.data.control_customers).toBe(20);
  });

  it("lift: reached customers visited twice, held-out ones once; the extra visits are the reached customers", async () => {
    const { token, business } = await f.programme();
    const all = await cards(business.id, 400);
    await t.post("/control-group-update", { business_id: business.id, percent: 20 }, { token });
    const control = new Set(
      all.filter((c) => inControlGroup({ serial: c.serial, controlGroupPercent: 20 })).map((c) => c.id),
    );
    await t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
      select c.user_id, c.business_id, c.id, 'stamp', 0, '2026-01-10T10:00:00Z'::timestamptz + make_interval(days => g)
      from cards c, generate_series(0, 1) g
      where c.business_id = ${business.id} and (g = 0 or not (c.id = any(${`{${[...control].join(",")}}`}::int[])))`);
    const res = await t.get<AnalyticsLift>("/analytics-lift", {
      token,
      query: { business_id: String(business.id), from: "2026-01-01", to: "2026-01-31" },
    });
    const reached = all.length - control.size;
    expect(res.body.data).toMatchObject({
      enough: true,
      reached_customers: reached,
      control_customers: control.size,
      visits_per_customer: { reached: 2, control: 1 },
      extra_visits: { estimate: reached, low: reached, high: reached },
      extra_spend: { estimate: 0, low: 0, high: 0 },
    });
  });
});

describe("analytics-cohorts", () => {
  it("groups customers by the month they joined and gives the share who came back each month after", async () => {
    const { token, business, qr } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    const [a, b] = [await f.join(qr.qr_token), await f.join(qr.qr_token)];
    await f.join(qr.qr_token);
    const [A, B] = [await cardIdOf(a), await cardIdOf(b)];
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12));
    const thisMonth = now.toISOString().slice(0, 7);
    // A and B joined last month; A came back this month (its join moved with it); C joined this month.
    await t.query(sql`update cards set created_at = ${lastMonth.toISOString()}::timestamptz where id in (${A}, ${B})`);
    await t.query(
      sql`update scans set created_at = ${lastMonth.toISOString()}::timestamptz where card_id in (${A}, ${B})`,
    );
    await t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after)
      select user_id, business_id, id, 'stamp', 0 from cards where id = ${A}`);
    const res = await t.get<AnalyticsCohorts>("/analytics-cohorts", {
      token,
      query: { business_id: String(business.id), months: "2" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      business_id: business.id,
      cohorts: [
        { month: lastMonth.toISOString().slice(0, 7), customers: 2, returned: [0.5] },
        { month: thisMonth, customers: 1, returned: [] },
      ],
    });
    expectInvalid(
      await t.get("/analytics-cohorts", { token, query: { business_id: String(business.id), months: "25" } }),
      ["months"],
    );
    expectError(
      await t.get("/analytics-cohorts", { token: await f.owner(), query: { business_id: String(business.id) } }),
      404,
    );
  });
});
