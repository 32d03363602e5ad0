import { sql } from "drizzle-orm";
import type { CustomerDetail, CustomerExport } from "../../../contract/customers";
import {
  CARD_SECRETS_HEADER,
  REFERRAL_OTHER_BUSINESS,
  REFERRAL_UNKNOWN,
  type ScanResult,
  type WalletCard,
} from "../../../contract/wallet";
import { earnForOrder } from "../../src/modules/integrations/order-earn";
import { referralsCount } from "../../src/modules/loyalty/referrals/referrals";
import { createTestApp, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Referrals: a card's referral link brings a friend; on the friend's first earning
// visit both cards earn the reward's referral bonus, once, unless the join looks like fraud.
jest.setTimeout(120_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

type Programme = Awaited<ReturnType<typeof f.programme>>;
type Joined = Awaited<ReturnType<typeof f.join>>;

/** The card on this device as its page answers it (wallet-card). */
const walletCard = async (p: Programme, holder: Joined) => {
  const res = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: p.qr.qr_token },
    headers: f.cardHeaders([holder.secret]),
  });
  expect(res.statusCode).toBe(200);
  return res.body.data;
};

/** The `ref` of a card's referral URL. */
const refOf = async (p: Programme, holder: Joined) => {
  const url = new URL((await walletCard(p, holder)).referral_url!);
  return url.searchParams.get("ref")!;
};

const balance = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const referralEntries = (serial: string) =>
  t.query<{ delta: number; stamps_after: number; unit: string }>(sql`
    select e.delta, e.stamps_after, e.unit from card_events e join cards c on c.id = e.card_id
    where c.serial = ${serial} and e.kind = 'referral' order by e.id`);
const counts = () =>
  t.query<{ n: number }>(sql`select (select count(*) from cards)::int + (select count(*) from card_events)::int as n`);

it("answers a referral URL with the card's own random code, made once, never the serial", async () => {
  const p = await f.programme();
  const referrer = await f.join(p.qr.qr_token);
  await t.query(sql`update cards set referral_code = null where serial = ${referrer.card.serial}`);
  const first = await walletCard(p, referrer);
  const url = new URL(first.referral_url!);
  expect(url.origin + url.pathname).toBe(`${t.config.publicAppUrl}/add-to-wallet`);
  expect(url.searchParams.get("qr_token")).toBe(p.qr.qr_token);
  const ref = url.searchParams.get("ref")!;
  expect(ref).toMatch(/^[0-9A-Z]{12}$/);
  expect(ref).not.toContain(referrer.card.serial.replace(/-/g, "").slice(2));
  expect((await walletCard(p, referrer)).referral_url).toBe(first.referral_url);
  const other = await f.join(p.qr.qr_token);
  expect(await refOf(p, other)).not.toBe(ref);
});

it("gives both cards the bonus once, on the friend's first visit, and shows it to the owner", async () => {
  const p = await f.programme({ stamps_required: 10 });
  const referrer = await f.join(p.qr.qr_token);
  const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
  // Nothing at the join: the bonus waits for a visit.
  expect(await balance(referrer.card.serial)).toBe(1);
  expect(await balance(friend.card.serial)).toBe(1);

  const scan = await f.staffScan(p.token, friend.card.serial);
  expect(scan.statusCode).toBe(200);
  // The answer shows the friend's balance with the bonus: join 1 + visit 1 + bonus 1.
  expect(scan.body.data.stamps).toBe(3);
  expect(await balance(friend.card.serial)).toBe(3);
  expect(await balance(referrer.card.serial)).toBe(2);
  expect(await referralEntries(friend.card.serial)).toEqual([{ delta: 1, stamps_after: 3, unit: "stamps" }]);
  expect(await referralEntries(referrer.card.serial)).toEqual([{ delta: 1, stamps_after: 2, unit: "stamps" }]);

  // The second visit is a visit only.
  await f.staffScan(p.token, friend.card.serial);
  expect(await balance(friend.card.serial)).toBe(4);
  expect(await balance(referrer.card.serial)).toBe(2);

  // The owner's customer page shows both sides; the dashboard's count helper counts the friend.
  const detail = (serial: string) =>
    t.get<CustomerDetail>("/customer-detail", { token: p.token, query: { serial } }).then((r) => r.body.data);
  expect(await detail(friend.card.serial)).toMatchObject({
    referred_by: { serial: referrer.card.serial, name: expect.any(String) },
    referrals: 0,
  });
  expect(await detail(referrer.card.serial)).toMatchObject({ referred_by: null, referrals: 1 });
  // The friend's data export says a referral brought them, without the referrer's name or card.
  const exported = await t.get("/customer-export", {
    token: p.token,
    query: { serial: friend.card.serial },
  });
  expect((JSON.parse(exported.text) as CustomerExport).cards[0]).toMatchObject({
    joined_through_referral: true,
    referrals: 0,
  });
  expect(exported.text).not.toContain(referrer.card.serial);
  const ownerId = (
    await t.query<{ id: number }>(sql`select user_id as id from businesses where id = ${p.business.id}`)
  )[0]!.id;
  expect(await referralsCount(t.database.db, ownerId)).toBe(1);
  expect(await referralsCount(t.database.db, ownerId, p.business.id)).toBe(1);
  expect(await referralsCount(t.database.db, ownerId, p.business.id + 100_000)).toBe(0);
});

it("gives the bonus on a self-scan too, in points on a points programme (10 by default)", async () => {
  const p = await f.programme();
  // One point a visit: the join earns 1, the friend's self-scan 1 more.
  await t.query(sql`update rewards set kind = 'points', points_per_visit = 1 where id = ${p.reward.id}`);
  const referrer = await f.join(p.qr.qr_token);
  const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
  // Past the join's cooldown, the friend scans the QR code at the counter.
  await t.query(
    sql`update cards set last_self_stamp_at = now() - interval '1 day', stamp_day = stamp_day - 1 where serial = ${friend.card.serial}`,
  );
  const scan = await f.selfScan(p.qr.qr_token, [friend.secret]);
  expect(scan.body.data.action).toBe("stamp");
  const before = 1 + 1;
  expect(await referralEntries(friend.card.serial)).toEqual([{ delta: 10, stamps_after: before + 10, unit: "points" }]);
  expect(await referralEntries(referrer.card.serial)).toEqual([{ delta: 10, stamps_after: 11, unit: "points" }]);
});

it("gives no bonus for a join the join alert flagged", async () => {
  const p = await f.programme();
  const referrer = await f.join(p.qr.qr_token);
  const ref = await refOf(p, referrer);
  // One device (holding a card of another business) joins four times in ten minutes: the fourth is flagged.
  const elsewhere = await f.programme();
  const device = { headers: { [CARD_SECRETS_HEADER]: (await f.join(elsewhere.qr.qr_token)).secret } };
  for (let i = 0; i < 3; i++) await f.join(p.qr.qr_token, {}, device);
  const friend = await f.join(p.qr.qr_token, { ref }, device);
  const [flag] = await t.query<{ flagged: boolean }>(
    sql`select flagged_at is not null as flagged from cards where serial = ${friend.card.serial}`,
  );
  expect(flag!.flagged).toBe(true);
  await f.staffScan(p.token, friend.card.serial);
  expect(await referralEntries(friend.card.serial)).toEqual([]);
  expect(await referralEntries(referrer.card.serial)).toEqual([]);
  expect(await balance(referrer.card.serial)).toBe(1);
});

it("gives no bonus for the referrer's own second card (a join from the referrer's device)", async () => {
  const p = await f.programme();
  const referrer = await f.join(p.qr.qr_token);
  const second = await f.join(
    p.qr.qr_token,
    { ref: await refOf(p, referrer) },
    { headers: f.cardHeaders([referrer.secret]) },
  );
  await f.staffScan(p.token, second.card.serial);
  expect(await referralEntries(second.card.serial)).toEqual([]);
  expect(await referralEntries(referrer.card.serial)).toEqual([]);
});

it("gives no bonus when the reward's bonus is 0", async () => {
  const p = await f.programme();
  await t.query(sql`update rewards set referral_bonus = 0 where id = ${p.reward.id}`);
  const referrer = await f.join(p.qr.qr_token);
  const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
  const scan = await f.staffScan(p.token, friend.card.serial);
  expect(scan.body.data.stamps).toBe(2);
  expect(await referralEntries(friend.card.serial)).toEqual([]);
  expect(await balance(referrer.card.serial)).toBe(1);
});

it("refuses a ref of another business or an unknown one with a 422, and writes nothing", async () => {
  const p = await f.programme();
  const other = await f.programme();
  const stranger = await f.join(other.qr.qr_token);
  let tries = 0;
  const join = (ref: string) =>
    t.post("/wallet-join", {
      qr_token: p.qr.qr_token,
      name: "Fred Friend",
      email: `fred-${++tries}-${Date.now()}@example.com`,
      consent: true,
      ref,
    });
  const before = await counts();
  const refused = async (ref: string, message: string) => {
    const res = await join(ref);
    expectInvalid(res, ["ref"]);
    expect(res.body.errors).toEqual({ ref: [message] });
  };
  await refused(await refOf(other, stranger), REFERRAL_OTHER_BUSINESS);
  await refused("ZZZZZZZZZZZZ", REFERRAL_UNKNOWN);
  await refused("not a code!", REFERRAL_UNKNOWN);
  expect(await counts()).toEqual(before);
  const [customer] = await t.query(sql`select id from customers where name = 'Fred Friend'`);
  expect(customer).toBeUndefined();
});

it("gives the bonus once under 20 concurrent first visits", async () => {
  const p = await f.programme({ stamps_required: 50 });
  const referrer = await f.join(p.qr.qr_token);
  const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
  const scans = await Promise.all(
    Array.from(
      { length: 20 },
      () => f.staffScan(p.token, friend.card.serial) as Promise<{ statusCode: number; body: { data: ScanResult } }>,
    ),
  );
  expect(scans.map((s) => s.statusCode)).toEqual(Array(20).fill(200));
  expect(await balance(friend.card.serial)).toBe(1 + 20 + 1);
  expect(await balance(referrer.card.serial)).toBe(1 + 1);
  expect(await referralEntries(friend.card.serial)).toHaveLength(1);
  expect(await referralEntries(referrer.card.serial)).toHaveLength(1);
});

it("pays a referrer 3 of six friends who joined through one link from one address in a minute; holds the rest", async () => {
  const p = await f.programme({ stamps_required: 50 });
  const referrer = await f.join(p.qr.qr_token);
  const ref = await refOf(p, referrer);
  // Each friend with a fresh email, from the shop's address: the address alone holds no one.
  const friends: Joined[] = [];
  for (let i = 0; i < 6; i++) friends.push(await f.join(p.qr.qr_token, { ref }, { ip: "198.51.100.20" }));
  for (const friend of friends) await f.staffScan(p.token, friend.card.serial);
  expect(await referralEntries(referrer.card.serial)).toHaveLength(3);
  expect(await balance(referrer.card.serial)).toBe(1 + 3);
  const held = await t.query<{ status: string }>(sql`
    select b.status from referral_bonuses b join cards r on r.id = b.referrer_card_id
    where r.serial = ${referrer.card.serial} order by b.friend_card_id`);
  expect(held.map((b) => b.status)).toEqual(["paid", "paid", "paid", "held", "held", "held"]);
});

it("gives a friend's first till or /v1 order the bonus, not only a scan (the engine decides on every path)", async () => {
  const p = await f.programme({ stamps_required: 50 });
  const referrer = await f.join(p.qr.qr_token);
  const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
  const [card] = await t.query<{ id: number; user_id: number }>(
    sql`select id, user_id from cards where serial = ${friend.card.serial}`,
  );
  await earnForOrder(t.database.db, t.app.events, {
    ownerId: card!.user_id,
    cardId: card!.id,
    orderId: "till-1",
    source: "shopify",
  });
  expect(await referralEntries(friend.card.serial)).toEqual([{ delta: 1, stamps_after: 3, unit: "stamps" }]);
  expect(await referralEntries(referrer.card.serial)).toEqual([{ delta: 1, stamps_after: 2, unit: "stamps" }]);
});
