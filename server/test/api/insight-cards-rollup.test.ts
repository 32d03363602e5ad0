import { sql } from "drizzle-orm";
import fc from "fast-check";
import { createTestApp, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// insight_balances and insight_card_days (db/schema/rollups.ts) are kept by the cards trigger,
// whatever the updates: one card at a time (the engine's stamps and redeems, counted from the two
// rows), one card moved to another programme, business or join day, or many cards in one
// statement (grouped). After any sequence of them, both equal what the cards hold, counted here.
jest.setTimeout(120_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const CARDS = 6;

/** Two businesses of one owner, two programmes at the first and one at the second, and CARDS cards at the first. */
async function setUp() {
  const { token, business, reward } = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
  const second = await f.addReward(token, business.id, {});
  const other = await f.addBusiness(token);
  const elsewhere = await f.addReward(token, other.id, {});
  const cards = await t.query<{ id: number }>(sql`
    with made as (
      insert into customers (user_id, name, email)
      select b.user_id, 'Balance ' || g, 'balance-' || ${business.id} || '-' || g || '@example.com'
      from businesses b, generate_series(1, ${CARDS}) g where b.id = ${business.id}
      returning id, user_id
    )
    insert into cards (user_id, business_id, customer_id, reward_id, serial, stamps)
    select m.user_id, ${business.id}, m.id, ${reward.id}, 'LC-' || upper(substr(md5('balance/' || m.id), 1, 4)) || '-' ||
      upper(substr(md5('balance/' || m.id), 5, 4)) || '-' || upper(substr(md5('balance/' || m.id), 9, 4)), (m.id % 3)::int
    from made m order by m.id
    returning id`);
  return {
    token,
    businesses: [business.id, other.id],
    rewards: [reward.id, second.id, elsewhere.id, null],
    cards: cards.map((c) => c.id),
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

const change = fc.oneof(
  // One card's stamps (a stamp, a redeem, an expiry to 0).
  fc.record({ kind: fc.constant("stamps" as const), card: fc.nat(CARDS - 1), stamps: fc.nat(12) }),
  // One card to another programme (or none), with a new balance.
  fc.record({ kind: fc.constant("reward" as const), card: fc.nat(CARDS - 1), reward: fc.nat(3), stamps: fc.nat(12) }),
  // One card to the other business (or back), or another join time.
  fc.record({ kind: fc.constant("business" as const), card: fc.nat(CARDS - 1), business: fc.nat(1) }),
  fc.record({ kind: fc.constant("joined" as const), card: fc.nat(CARDS - 1), days: fc.integer({ min: -40, max: 40 }) }),
  // Many cards in one statement.
  fc.record({ kind: fc.constant("bulk" as const), from: fc.nat(CARDS - 1), add: fc.integer({ min: -2, max: 5 }) }),
  // An update that changes nothing counted, and one that matches no card.
  fc.record({ kind: fc.constant("same" as const), card: fc.nat(CARDS - 1) }),
  fc.record({ kind: fc.constant("none" as const) }),
);
type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;

function apply(s: Setup, c: Change) {
  switch (c.kind) {
    case "stamps":
      return t.query(sql`update cards set stamps = ${c.stamps} where id = ${s.cards[c.card]!}`);
    case "reward":
      return t.query(
        sql`update cards set reward_id = ${s.rewards[c.reward]!}, stamps = ${c.stamps} where id = ${s.cards[c.card]!}`,
      );
    case "business":
      return t.query(sql`update cards set business_id = ${s.businesses[c.business]!} where id = ${s.cards[c.card]!}`);
    case "joined":
      return t.query(
        sql`update cards set created_at = created_at + make_interval(days => ${c.days}) where id = ${s.cards[c.card]!}`,
      );
    case "bulk":
      return t.query(
        sql`update cards set stamps = greatest(stamps + ${c.add}, 0) where id = any(${sql.param(s.cards.slice(c.from))}::int[])`,
      );
    case "same":
      return t.query(sql`update cards set updated_at = now(), stamps = stamps where id = ${s.cards[c.card]!}`);
    case "none":
      return t.query(sql`update cards set stamps = stamps + 1 where id = 0`);
  }
}

/** The rollups summed over their parts, and the same counted from the cards, for these businesses. */
async function both(s: Setup) {
  const ids = sql`${sql.param(s.businesses)}::int[]`;
  const [kept] = await t.query<{ balances: unknown; days: unknown }>(sql`select
    (select coalesce(json_agg(x order by x.business_id, x.reward_id), '[]') from (
      select business_id, reward_id, sum(balance)::int as n from insight_balances
      where business_id = any(${ids}) group by 1, 2 having sum(balance) <> 0) x) as balances,
    (select coalesce(json_agg(x order by x.business_id, x.day, x.bucket), '[]') from (
      select business_id, day::text, bucket, sum(cards)::int as n from insight_card_days
      where business_id = any(${ids}) group by 1, 2, 3 having sum(cards) <> 0) x) as days`);
  const [counted] = await t.query<{ balances: unknown; days: unknown }>(sql`select
    (select coalesce(json_agg(x order by x.business_id, x.reward_id), '[]') from (
      select business_id, reward_id, sum(stamps)::int as n from cards
      where business_id = any(${ids}) and reward_id is not null group by 1, 2 having sum(stamps) <> 0) x) as balances,
    (select coalesce(json_agg(x order by x.business_id, x.day, x.bucket), '[]') from (
      select business_id, (created_at at time zone 'UTC')::date::text as day,
        least(('x' || substr(md5(serial), 1, 8))::bit(32)::bigint % 100, 20)::smallint as bucket, count(*)::int as n
      from cards where business_id = any(${ids}) group by 1, 2, 3) x) as days`);
  return { kept, counted };
}

it("the cards' balances and join days equal what the cards hold, after any updates", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 25 }), async (changes) => {
      const s = await setUp();
      for (const c of changes) await apply(s, c);
      const { kept, counted } = await both(s);
      expect(kept).toEqual(counted);
    }),
    { numRuns: 25, endOnFailure: true },
  );
});

it("a stamp through the scanner moves its programme's balance by one", async () => {
  const s = await setUp();
  const [card] = await t.query<{ serial: string }>(sql`select serial from cards where id = ${s.cards[0]!}`);
  const balance = async () =>
    Number(
      (
        await t.query<{ n: string }>(
          sql`select coalesce(sum(balance), 0) as n from insight_balances where reward_id = ${s.rewards[0]!}`,
        )
      )[0]!.n,
    );
  const before = await balance();
  const res = await t.post("/qr-code-scanner", { code: card!.serial }, { token: s.token });
  expect(res.statusCode).toBe(200);
  expect(await balance()).toBe(before + 1);
  const { kept, counted } = await both(s);
  expect(kept).toEqual(counted);
});
