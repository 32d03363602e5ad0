import { sql } from "drizzle-orm";
import type { SegmentCount } from "../../../contract/customers";
import type { AnalyticsRfm, RfmSegment } from "../../../contract/rfm";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// analytics-rfm: every card scored 1-5 by quintiles within its business and named by the fixed
// table; each named segment is a message segment too. Histories are made in one statement each, so
// every score is known.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

/**
 * 25 cards at the business: card i (1-25, by id) last visited 26 - i days ago (so its recency
 * quintile is ceil(i / 5)) and visited `visits(i)` times in the last year.
 */
async function history(businessId: number, visits: (i: number) => number) {
  await t.query(sql`
    with made as (
      insert into customers (user_id, name, email)
      select b.user_id, 'Rfm ' || g, 'rfm-' || ${businessId} || '-' || g || '@example.com'
      from businesses b, generate_series(1, 25) g where b.id = ${businessId}
      returning id, user_id
    )
    insert into cards (user_id, business_id, customer_id, serial, created_at)
    select m.user_id, ${businessId}, m.id, 'rfm-' || ${businessId} || '-' || m.id, now() - interval '200 days'
    from made m order by m.id`);
  const cards = await t.query<{ id: number; serial: string }>(
    sql`select id, serial from cards where business_id = ${businessId} order by id`,
  );
  for (const [index, card] of cards.entries()) {
    const i = index + 1;
    await t.query(sql`update cards set last_visit_at = now() - make_interval(days => ${26 - i}) where id = ${card.id}`);
    await t.query(sql`insert into scans (user_id, business_id, card_id, kind, stamps_after, created_at)
      select c.user_id, c.business_id, c.id, 'stamp', 0, now() - make_interval(days => 30 + g)
      from cards c, generate_series(1, ${visits(i)}) g where c.id = ${card.id}`);
  }
  return cards;
}

const rfm = (token: string, query: Record<string, string>) => t.get<AnalyticsRfm>("/analytics-rfm", { token, query });

const countsOf = (data: AnalyticsRfm) => Object.fromEntries(data.segments.map((s) => [s.segment, s.customers]));

const none: Record<RfmSegment, number> = {
  champions: 0,
  loyal: 0,
  promising: 0,
  needs_attention: 0,
  at_risk: 0,
  hibernating: 0,
  lost: 0,
};

describe("analytics-rfm", () => {
  it("scores recency and frequency by quintiles within the business and names each card by the table", async () => {
    const { token, business } = await f.programme();
    // The more recent the card, the more it visited: each card's F equals its R.
    await history(business.id, (i) => i);
    const res = await rfm(token, { business_id: String(business.id) });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ business_id: business.id, monetary: false, customers: 25, cards: null });
    expect(res.body.data.segments.map((s) => s.segment)).toEqual([
      "champions",
      "loyal",
      "promising",
      "needs_attention",
      "at_risk",
      "hibernating",
      "lost",
    ]);
    // R1F1 lost, R2F2 hibernating, R3F3 loyal, R4F4 and R5F5 champions.
    expect(countsOf(res.body.data)).toEqual({ ...none, lost: 5, hibernating: 5, loyal: 5, champions: 10 });
    expect(res.body.data.segments[0]).toEqual({ segment: "champions", customers: 10, share: 0.4 });

    const page = await rfm(token, { business_id: String(business.id), segment: "loyal", per_page: "2" });
    expect(page.body.data.cards).toMatchObject({ total: 5, page: 1, per_page: 2, last_page: 3 });
    expect(page.body.data.cards!.items).toEqual([
      expect.objectContaining({ name: "Rfm 15", visits: 15, recency: 3, frequency: 3, monetary: null, spend: null }),
      expect.objectContaining({ name: "Rfm 14", visits: 14, recency: 3, frequency: 3, segment: "loyal" }),
    ]);
  });

  it("the few visits of recent customers and the many of old ones are promising, at risk, needs attention", async () => {
    const { token, business } = await f.programme();
    // Frequency runs against recency (card i visited 26 - i times), save cards 11 and 12 (no visit).
    await history(business.id, (i) => (i === 11 || i === 12 ? 0 : 26 - i));
    const res = await rfm(token, { business_id: String(business.id) });
    // F1: 11, 12, 25, 24, 23; F2: 22-18; F3: 17-13; F4: 10-6; F5: 5-1. So R1F5 and R2F4 at risk,
    // R3F1 needs attention, R3F3 and R4F3 loyal, R4F2, R5F2 and R5F1 promising.
    expect(countsOf(res.body.data)).toEqual({ ...none, at_risk: 10, needs_attention: 2, loyal: 5, promising: 8 });
    const attention = await rfm(token, { business_id: String(business.id), segment: "needs_attention" });
    expect(attention.body.data.cards!.items).toEqual([
      expect.objectContaining({ name: "Rfm 12", visits: 0, recency: 3, frequency: 1, segment: "needs_attention" }),
      expect.objectContaining({ name: "Rfm 11", visits: 0, recency: 3, frequency: 1, segment: "needs_attention" }),
    ]);
  });

  it("with a till, spend is scored too and the table reads the mean of frequency and spend", async () => {
    const { token, business } = await f.programme();
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const connected = await t.post(
      "/pos-connection-add",
      { business_id: business.id, provider: "shopify", secret: "shpss_rfm" },
      { token },
    );
    expect(connected.statusCode).toBe(201);
    // Everyone visited as often as their recency quintile; spend runs against it (the oldest spent most).
    const cards = await history(business.id, (i) => i);
    for (const [index, card] of cards.entries()) {
      await t.query(sql`insert into sales (user_id, business_id, card_id, kind, order_id, refund_id, amount, currency, occurred_at)
        select user_id, business_id, id, 'sale', ${`rfm:${card.id}`}, '', ${(26 - index) * 100}, 'EUR', now() - interval '3 days'
        from cards where id = ${card.id}`);
    }
    // A refund of all of the oldest card's spend, and a sale in another currency that does not count.
    await t.query(sql`insert into sales (user_id, business_id, card_id, kind, order_id, refund_id, amount, currency, occurred_at)
      select user_id, business_id, id, 'refund', ${`rfm:${cards[0]!.id}`}, 'r1', 2600, 'EUR', now() - interval '2 days'
      from cards where id = ${cards[0]!.id}`);
    await t.query(sql`insert into sales (user_id, business_id, card_id, kind, order_id, refund_id, amount, currency, occurred_at)
      select user_id, business_id, id, 'sale', 'rfm:usd', '', 999999, 'USD', now() - interval '2 days'
      from cards where id = ${cards[24]!.id}`);
    const res = await rfm(token, { business_id: String(business.id), segment: "champions" });
    expect(res.body.data.monetary).toBe(true);
    // Spend ranks: card 1 (all refunded) lowest, then 25, 24 … 2, so M1: 1, 25-22; M2: 21-17;
    // M3: 16-12; M4: 11-7; M5: 6-2. The column is (F + M + 1) / 2, rounded down:
    // card 1 R1 (1+1)→1 lost; 2-5 R1 (1+5)→3 at risk; 6 R2 (2+5)→4 and 7-10 R2 (2+4)→3 at risk;
    // 11-15 R3 (3+4, 3+3) loyal; 16 R4 (4+3)→4 champions, 17-20 R4 (4+2)→3 loyal;
    // 21 R5 (5+2)→4 champions, 22-25 R5 (5+1)→3 loyal.
    expect(countsOf(res.body.data)).toEqual({ ...none, lost: 1, at_risk: 9, loyal: 13, champions: 2 });
    expect(res.body.data.cards!.items).toEqual([
      expect.objectContaining({ name: "Rfm 21", recency: 5, frequency: 5, monetary: 2, spend: "6.00" }),
      expect.objectContaining({ name: "Rfm 16", recency: 4, frequency: 4, monetary: 3, spend: "11.00" }),
    ]);
    const loyal = await rfm(token, { business_id: String(business.id), segment: "loyal", per_page: "1" });
    expect(loyal.body.data.cards).toMatchObject({ total: 13, last_page: 13 });
    expect(loyal.body.data.cards!.items[0]).toMatchObject({
      name: "Rfm 25",
      recency: 5,
      frequency: 5,
      monetary: 1,
      spend: "2.00",
    });
  });

  it("an rfm segment is a message and count segment: the cards the message reaches are the segment's", async () => {
    const { token, business } = await f.programme();
    const cards = await history(business.id, (i) => i);
    const count = await t.get<SegmentCount>("/segment-count", {
      token,
      query: { business_id: String(business.id), segment: "rfm:champions" },
    });
    expect(count.body.data).toEqual({ segment: "rfm:champions", days: null, count: 10 });
    const sent = await t.post(
      "/notification-add",
      { business_id: business.id, segment: "rfm:lost", title: "We miss you", message: "Come back" },
      { token },
    );
    expect(sent.statusCode).toBe(201);
    const reached = await t.query<{ card_id: number }>(
      sql`select r.card_id from message_recipients r join cards c on c.id = r.card_id
          where c.business_id = ${business.id} order by r.card_id`,
    );
    expect(reached.map((r) => r.card_id)).toEqual(cards.slice(0, 5).map((c) => c.id));
    expectInvalid(
      await t.get("/segment-count", { token, query: { business_id: String(business.id), segment: "rfm:best" } }),
      ["segment"],
    );
  });

  it("scores within the business: another business's cards change nothing; another owner's business is not found", async () => {
    const { token, business } = await f.programme();
    await history(business.id, (i) => i);
    const second = await f.addBusiness(token);
    await history(second.id, (i) => 100 + i);
    const stranger = await f.programme();
    await history(stranger.business.id, (i) => 30 - i);
    expect(countsOf((await rfm(token, { business_id: String(business.id) })).body.data)).toEqual({
      ...none,
      lost: 5,
      hibernating: 5,
      loyal: 5,
      champions: 10,
    });
    // The owner-wide count is the sum of each business's own quintiles.
    const all = await t.get<SegmentCount>("/segment-count", { token, query: { segment: "rfm:champions" } });
    expect(all.body.data.count).toBe(20);
    expectError(await rfm(stranger.token, { business_id: String(business.id) }), 404);
    expectError(await rfm(stranger.token, { business_id: String(business.id), segment: "lost" }), 404);
  });

  it("refuses a bad query and writes nothing", async () => {
    const { token, business } = await f.programme();
    const id = String(business.id);
    expectInvalid(await rfm(token, {}), ["business_id"]);
    expectInvalid(await rfm(token, { business_id: "x" }), ["business_id"]);
    expectInvalid(await rfm(token, { business_id: id, segment: "best" }), ["segment"]);
    expectInvalid(await rfm(token, { business_id: id, segment: "rfm:lost" }), ["segment"]);
    expectInvalid(await rfm(token, { business_id: id, per_page: "101" }), ["per_page"]);
    expectInvalid(await rfm(token, { business_id: id, page: "0" }), ["page"]);
    const empty = await rfm(token, { business_id: id });
    expect(empty.statusCode).toBe(200);
    expect(empty.body.data).toMatchObject({ customers: 0, segments: expect.any(Array), cards: null });
  });
});
