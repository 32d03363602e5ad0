import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import type { CustomerDetail, ReferralBonusEntry } from "../../../contract/customers";
import type { NotificationList } from "../../../contract/notifications";
import type { CounterCode, QrPublic } from "../../../contract/qr-codes";
import type { Reward } from "../../../contract/rewards";
import type { WalletCard, WalletJoinResult } from "../../../contract/wallet";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { shopifySender, squareSender } from "../helpers/till-senders";
import { v1Client } from "../helpers/v1-client";

// Referrals on every path (the friend's first earning event of any kind pays the bonus, once, as
// the reward's trigger says) and referrals that cannot be farmed (a referrer's daily allowance, a
// device shared by friends, a friend the owner knew already; held bonuses reviewed by the owner).
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

/** The `ref` of a card's referral URL, as its page gives it. */
const refOf = async (p: Programme, holder: Joined) => {
  const res = await t.get<WalletCard>("/wallet-card", {
    query: { qr_token: p.qr.qr_token },
    headers: f.cardHeaders([holder.secret]),
  });
  return new URL(res.body.data.referral_url!).searchParams.get("ref")!;
};

const balance = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;
const referralEntries = (serial: string) =>
  t.query<{ delta: number; unit: string }>(sql`
    select e.delta, e.unit from card_events e join cards c on c.id = e.card_id
    where c.serial = ${serial} and e.kind = 'referral' order by e.id`);
const bonusesOf = (referrerSerial: string) =>
  t.query<{ id: number; status: string; held_reason: string | null; friend: string }>(sql`
    select b.id, b.status, b.held_reason, f.serial as friend from referral_bonuses b
    join cards r on r.id = b.referrer_card_id join cards f on f.id = b.friend_card_id
    where r.serial = ${referrerSerial} order by f.id`);
const alerts = async (token: string) =>
  (await t.get<NotificationList>("/notification-list", { token })).body.data.notificationData.filter(
    (n) => n.kind === "fraud_alert",
  );

/** A referrer and a friend who joined through their link (the friend not yet visited). */
async function referral(rewardFields: Record<string, unknown> = {}) {
  const p = await f.programme({ stamps_required: 50, ...rewardFields });
  const referrer = await f.join(p.qr.qr_token);
  const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
  return { p, referrer, friend };
}

/** Both sides paid once: one referral entry each, of these bonuses. */
async function expectPaidOnce(referrer: Joined, friend: Joined, bonuses = { referrer: 1, friend: 1 }) {
  expect(await referralEntries(referrer.card.serial)).toEqual([{ delta: bonuses.referrer, unit: "stamps" }]);
  expect(await referralEntries(friend.card.serial)).toEqual([{ delta: bonuses.friend, unit: "stamps" }]);
}

async function apiOf(token: string) {
  const res = await t.post<NewApiKey>(
    "/api/api-key-add",
    { name: "Till", scopes: ["cards:read", "cards:write"] },
    { token },
  );
  if (res.statusCode !== 201) throw new Error(`api-key-add: ${res.statusCode} ${res.text}`);
  return v1Client(t.app, res.body.data.key);
}

async function connect(p: Programme, provider: "shopify" | "square", secret: string) {
  await t.query(sql`update businesses set currency = 'EUR' where id = ${p.business.id}`);
  const res = await t.post<{ id: number; webhook_url: string }>(
    "/pos-connection-add",
    { business_id: p.business.id, provider, secret },
    { token: p.token },
  );
  expect(res.statusCode).toBe(201);
  return res.body.data;
}

describe("every earning path pays the bonus once", () => {
  it("a /v1 earn", async () => {
    const { p, referrer, friend } = await referral();
    const api = await apiOf(p.token);
    const earn = (orderId: string) =>
      api.POST("/cards/{serial}/earn", {
        params: { path: { serial: friend.card.serial } },
        body: { order_id: orderId, stamps: 1 },
      });
    const first = await earn("A-1");
    expect(first.response.status).toBe(200);
    // The answer's card has the bonus: join 1 + order 1 + bonus 1.
    expect(first.data!.card.balance).toBe(3);
    await earn("A-2");
    await expectPaidOnce(referrer, friend);
    expect(await balance(friend.card.serial)).toBe(4);
    expect(await balance(referrer.card.serial)).toBe(2);
  });

  it("a Shopify order, and a retry of it", async () => {
    const { p, referrer, friend } = await referral();
    const shop = shopifySender(t, await connect(p, "shopify", "shpss"), "shpss");
    expect((await shop.paid({ id: 701, total: "12.00", email: friend.email })).body.data).toEqual({
      outcome: "earned",
    });
    await shop.paid({ id: 701, total: "12.00", email: friend.email });
    await shop.paid({ id: 702, total: "3.00", email: friend.email });
    await expectPaidOnce(referrer, friend);
    expect(await balance(friend.card.serial)).toBe(1 + 2 + 1);
  });

  it("a Square payment", async () => {
    const { p, referrer, friend } = await referral();
    const square = squareSender(t, await connect(p, "square", "sq-key"), "sq-key");
    expect((await square.payment({ id: "P-1", amount: 1200, email: friend.email })).body.data).toEqual({
      outcome: "earned",
    });
    await square.payment({ id: "P-2", amount: 500, email: friend.email });
    await expectPaidOnce(referrer, friend);
  });

  it("a self-scan at the counter screen's rotating code", async () => {
    const { p, referrer, friend } = await referral({ cooldown_minutes: 0, daily_cap: 0 });
    const rotating = await f.generateQr(p.token, p.business.id, { mode: "rotating", reward_id: p.reward.id });
    const code = await t.get<CounterCode>("/counter-code", { token: p.token, query: { qr_id: String(rotating.id) } });
    const scan = await t.post(
      "/qr-code-scanner",
      { code: rotating.qr_token, counter_code: code.body.data.code },
      { headers: f.cardHeaders([friend.secret]) },
    );
    expect(scan.body.data).toMatchObject({ action: "stamp", stamps: 3 });
    await f.staffScan(p.token, friend.card.serial);
    await expectPaidOnce(referrer, friend);
  });

  it("gives one bonus under 20 concurrent first earns on every path, two till orders among them", async () => {
    const { p, referrer, friend } = await referral();
    const api = await apiOf(p.token);
    const shop = shopifySender(t, await connect(p, "shopify", "k"), "k");
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        api
          .POST("/cards/{serial}/earn", {
            params: { path: { serial: friend.card.serial } },
            body: { order_id: `C-${i}`, stamps: 1 },
          })
          .then((r) => r.response.status),
      ),
      ...Array.from({ length: 6 }, () => f.staffScan(p.token, friend.card.serial).then((r) => r.statusCode)),
      ...Array.from({ length: 6 }, (_, i) =>
        shop.paid({ id: 900 + i, total: "1.00", email: friend.email }).then((r) => r.statusCode),
      ),
    ]);
    expect(answers).toEqual(Array(20).fill(200));
    await expectPaidOnce(referrer, friend);
    expect(await balance(friend.card.serial)).toBe(1 + 20 + 1);
    expect(await balance(referrer.card.serial)).toBe(2);
  });
});

describe("the reward says when and how much", () => {
  it("answers and stores the trigger and the friend's bonus", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const reward = await f.addReward(token, business.id, {
      referral_trigger: "first_purchase",
      referral_bonus: 2,
      referral_friend_bonus: "5",
    });
    expect(reward).toMatchObject({ referral_trigger: "first_purchase", referral_bonus: 2, referral_friend_bonus: 5 });
    const plain = await f.addReward(token, business.id, { title: "Plain" });
    expect(plain).toMatchObject({ referral_trigger: "first_visit", referral_bonus: 1, referral_friend_bonus: null });
  });

  it("join: both cards earn at the friend's join, and never again", async () => {
    const p = await f.programme({ stamps_required: 50, referral_trigger: "join" });
    // The add-to-wallet page tells a friend when their bonus comes.
    const detail = await t.get<QrPublic>("/qr-detail", { query: { qr_token: p.qr.qr_token } });
    expect(detail.body.data.reward).toMatchObject({ referral_trigger: "join" });
    const referrer = await f.join(p.qr.qr_token);
    const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer) });
    // The join's answer shows the friend's card with its bonus.
    expect((friend as WalletJoinResult).card.stamps).toBe(2);
    expect(await balance(referrer.card.serial)).toBe(2);
    await f.staffScan(p.token, friend.card.serial);
    await expectPaidOnce(referrer, friend);
  });

  it("first_purchase: a visit does not pay; an order or a staff earn with an amount does", async () => {
    const { p, referrer, friend } = await referral({ referral_trigger: "first_purchase", cooldown_minutes: 0 });
    await f.staffScan(p.token, friend.card.serial);
    await t.query(sql`update cards set self_stamps_today = 0 where serial = ${friend.card.serial}`);
    expect((await f.selfScan(p.qr.qr_token, [friend.secret])).body.data.action).toBe("stamp");
    expect(await referralEntries(friend.card.serial)).toEqual([]);
    const api = await apiOf(p.token);
    await api.POST("/cards/{serial}/earn", {
      params: { path: { serial: friend.card.serial } },
      body: { order_id: "first", stamps: 1 },
    });
    await expectPaidOnce(referrer, friend);

    // A points programme: a staff earn that carries an amount is a purchase.
    const points = await f.programme({
      kind: "points",
      points_per_visit: 1,
      points_per_unit: 1,
      referral_trigger: "first_purchase",
    });
    const pointsReferrer = await f.join(points.qr.qr_token);
    const pointsFriend = await f.join(points.qr.qr_token, { ref: await refOf(points, pointsReferrer) });
    await f.staffScan(points.token, pointsFriend.card.serial);
    expect(await referralEntries(pointsFriend.card.serial)).toEqual([]);
    const bought = await t.post(
      "/qr-code-scanner",
      { code: pointsFriend.card.serial, amount: "4.00" },
      { token: points.token },
    );
    expect(bought.statusCode).toBe(200);
    expect(await referralEntries(pointsFriend.card.serial)).toEqual([{ delta: 10, unit: "points" }]);
    expect(await referralEntries(pointsReferrer.card.serial)).toEqual([{ delta: 10, unit: "points" }]);
  });

  it("referral_friend_bonus: the friend earns their own bonus; 0 gives the friend none", async () => {
    const { p, referrer, friend } = await referral({ referral_bonus: 2, referral_friend_bonus: 5 });
    await f.staffScan(p.token, friend.card.serial);
    await expectPaidOnce(referrer, friend, { referrer: 2, friend: 5 });

    const none = await referral({ referral_bonus: 3, referral_friend_bonus: 0 });
    await f.staffScan(none.p.token, none.friend.card.serial);
    expect(await referralEntries(none.friend.card.serial)).toEqual([]);
    expect(await referralEntries(none.referrer.card.serial)).toEqual([{ delta: 3, unit: "stamps" }]);
  });

  it("a cashback programme's bonuses are decimal amounts in the business's currency", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const reward = await f.addReward(token, business.id, {
      title: "Cashback",
      kind: "cashback",
      cashback_percent: "10",
      referral_bonus: "2.50",
      referral_friend_bonus: 1.25,
    });
    expect(reward).toMatchObject({ kind: "cashback", referral_bonus: "2.50", referral_friend_bonus: "1.25" });
    // More decimals than the currency has: a 422 on the field.
    const bad = await t.post(
      "/add-reward",
      { business_id: business.id, title: "X", kind: "cashback", cashback_percent: "10", referral_bonus: "2.555" },
      { token },
    );
    expect(Object.keys(bad.body.errors ?? {})).toEqual(["referral_bonus"]);
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    const p = { token, business, reward: reward as Reward, qr };
    const referrer = await f.join(qr.qr_token);
    const friend = await f.join(qr.qr_token, { ref: await refOf(p, referrer) });
    const scan = await t.post("/qr-code-scanner", { code: friend.card.serial, amount: "10.00" }, { token });
    expect(scan.statusCode).toBe(200);
    // 10 % of 10.00 is 1.00, and the friend's 1.25: 2.25 (in minor units).
    expect(await balance(friend.card.serial)).toBe(225);
    expect(await balance(referrer.card.serial)).toBe(250);
    expect(await referralEntries(friend.card.serial)).toEqual([{ delta: 125, unit: "cashback" }]);
    const detail = await t.get<CustomerDetail>("/customer-detail", { token, query: { serial: friend.card.serial } });
    expect(detail.body.data.referral_bonuses).toEqual([
      expect.objectContaining({ status: "paid", referrer_bonus: "2.50", friend_bonus: "1.25", unit: "cashback" }),
    ]);
  });
});

describe("a friend the owner knew already earns nobody a bonus", () => {
  it("the same email at another of the owner's businesses", async () => {
    const p = await f.programme({ stamps_required: 50 });
    const other = await f.addBusiness(p.token);
    const otherReward = await f.addReward(p.token, other.id);
    const otherQr = await f.generateQr(p.token, other.id, { reward_id: otherReward.id });
    const known = await f.join(otherQr.qr_token);
    const referrer = await f.join(p.qr.qr_token);
    const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer), email: known.email });
    await f.staffScan(p.token, friend.card.serial);
    expect(await referralEntries(friend.card.serial)).toEqual([]);
    expect(await referralEntries(referrer.card.serial)).toEqual([]);
  });

  it("the same phone digits, written otherwise", async () => {
    const p = await f.programme({ stamps_required: 50 });
    await f.join(p.qr.qr_token, { phone: "+44 7700 900123" });
    const referrer = await f.join(p.qr.qr_token);
    const friend = await f.join(p.qr.qr_token, { ref: await refOf(p, referrer), phone: "+44 (7700) 900-123" });
    await f.staffScan(p.token, friend.card.serial);
    expect(await referralEntries(referrer.card.serial)).toEqual([]);
  });

  it("a deleted customer's email or phone", async () => {
    const p = await f.programme({ stamps_required: 50 });
    const gone = await f.join(p.qr.qr_token, { phone: "0161 496 0000" });
    expect((await t.post("/customer-delete", { serial: gone.card.serial }, { token: p.token })).statusCode).toBe(200);
    const referrer = await f.join(p.qr.qr_token);
    const ref = await refOf(p, referrer);
    const back = await f.join(p.qr.qr_token, { ref, email: gone.email.toUpperCase() });
    const byPhone = await f.join(p.qr.qr_token, { ref, phone: "01614960000" });
    await f.staffScan(p.token, back.card.serial);
    await f.staffScan(p.token, byPhone.card.serial);
    expect(await referralEntries(referrer.card.serial)).toEqual([]);
    // A new customer of the same referrer still earns both their bonus.
    const fresh = await f.join(p.qr.qr_token, { ref });
    await f.staffScan(p.token, fresh.card.serial);
    expect(await referralEntries(referrer.card.serial)).toEqual([{ delta: 1, unit: "stamps" }]);
  });
});

describe("referrals that cannot be farmed", () => {
  it("pays a referrer 3 bonuses in 24 hours; the 4th is held, with a fraud alert listing it", async () => {
    const p = await f.programme({ stamps_required: 50 });
    const referrer = await f.join(p.qr.qr_token);
    const ref = await refOf(p, referrer);
    const friends: Joined[] = [];
    for (let i = 0; i < 4; i++) friends.push(await f.join(p.qr.qr_token, { ref }));
    for (const friend of friends) await f.staffScan(p.token, friend.card.serial);
    expect((await bonusesOf(referrer.card.serial)).map((b) => [b.status, b.held_reason])).toEqual([
      ["paid", null],
      ["paid", null],
      ["paid", null],
      ["held", "daily_limit"],
    ]);
    expect(await balance(referrer.card.serial)).toBe(1 + 3);
    // The held friend's visit counted; their bonus waits too.
    expect(await balance(friends[3]!.card.serial)).toBe(2);
    await t.settle();
    const [alert] = await alerts(p.token);
    expect(alert!.text).toContain(friends[3]!.card.serial);
    expect(alert!.text).not.toContain(friends[2]!.card.serial);
    const [flag] = await t.query<{ flagged: boolean }>(
      sql`select flagged_at is not null as flagged from cards where serial = ${referrer.card.serial}`,
    );
    expect(flag!.flagged).toBe(true);
    // Both customers' pages show it held.
    for (const serial of [referrer.card.serial, friends[3]!.card.serial]) {
      const detail = await t.get<CustomerDetail>("/customer-detail", { token: p.token, query: { serial } });
      expect(detail.body.data.referral_bonuses[0]).toMatchObject({
        status: "held",
        held_reason: "daily_limit",
        friend: { serial: friends[3]!.card.serial },
        referrer: { serial: referrer.card.serial },
      });
    }
  });

  it("holds the cap under concurrent first visits of 6 friends of one referrer", async () => {
    const p = await f.programme({ stamps_required: 50 });
    const referrer = await f.join(p.qr.qr_token);
    const ref = await refOf(p, referrer);
    const friends: Joined[] = [];
    for (let i = 0; i < 6; i++) friends.push(await f.join(p.qr.qr_token, { ref }));
    const scans = await Promise.all(friends.map((friend) => f.staffScan(p.token, friend.card.serial)));
    expect(scans.map((s) => s.statusCode)).toEqual(Array(6).fill(200));
    const statuses = (await bonusesOf(referrer.card.serial)).map((b) => b.status).sort();
    expect(statuses).toEqual(["held", "held", "held", "paid", "paid", "paid"]);
    expect(await balance(referrer.card.serial)).toBe(1 + 3);
  });

  it("holds the cap under 6 concurrent joins when the reward pays at the join", async () => {
    const p = await f.programme({ stamps_required: 50, referral_trigger: "join" });
    const referrer = await f.join(p.qr.qr_token);
    const ref = await refOf(p, referrer);
    const joins = await Promise.all(Array.from({ length: 6 }, () => f.join(p.qr.qr_token, { ref })));
    expect(joins).toHaveLength(6);
    const statuses = (await bonusesOf(referrer.card.serial)).map((b) => b.status).sort();
    expect(statuses).toEqual(["held", "held", "held", "paid", "paid", "paid"]);
    expect(await balance(referrer.card.serial)).toBe(1 + 3);
  });

  it("holds a friend who joined on a device another friend of the referrer used", async () => {
    const p = await f.programme({ stamps_required: 50 });
    const referrer = await f.join(p.qr.qr_token);
    const ref = await refOf(p, referrer);
    const first = await f.join(p.qr.qr_token, { ref });
    const second = await f.join(p.qr.qr_token, { ref }, { headers: f.cardHeaders([first.secret]) });
    await f.staffScan(p.token, first.card.serial);
    await f.staffScan(p.token, second.card.serial);
    expect((await bonusesOf(referrer.card.serial)).map((b) => [b.status, b.held_reason])).toEqual([
      ["paid", null],
      ["held", "shared_device"],
    ]);
    await t.settle();
    expect((await alerts(p.token))[0]!.text).toContain(second.card.serial);
  });

  it("does not hold friends on one address (the shop's Wi-Fi) with devices of their own", async () => {
    const p = await f.programme({ stamps_required: 50 });
    const referrer = await f.join(p.qr.qr_token, {}, { ip: "203.0.113.7" });
    const ref = await refOf(p, referrer);
    const a = await f.join(p.qr.qr_token, { ref }, { ip: "203.0.113.7" });
    const b = await f.join(p.qr.qr_token, { ref }, { ip: "203.0.113.7" });
    await f.staffScan(p.token, a.card.serial);
    await f.staffScan(p.token, b.card.serial);
    expect((await bonusesOf(referrer.card.serial)).map((x) => x.status)).toEqual(["paid", "paid"]);
    const ips = await t.query<{ ip: string }>(sql`
      select distinct e.client_ip as ip from card_events e join cards c on c.id = e.card_id
      where c.serial in (${a.card.serial}, ${b.card.serial}) and e.kind = 'join'`);
    expect(ips).toEqual([{ ip: "203.0.113.7" }]);
  });
});

describe("referral-review", () => {
  /** A referrer with a 4th friend held: the held bonus's id. */
  async function held() {
    const p = await f.programme({ stamps_required: 50, referral_friend_bonus: 2 });
    const referrer = await f.join(p.qr.qr_token);
    const ref = await refOf(p, referrer);
    const friends: Joined[] = [];
    for (let i = 0; i < 4; i++) friends.push(await f.join(p.qr.qr_token, { ref }));
    for (const friend of friends) await f.staffScan(p.token, friend.card.serial);
    const bonus = (await bonusesOf(referrer.card.serial)).find((b) => b.status === "held")!;
    return { p, referrer, friend: friends[3]!, id: bonus.id };
  }
  const review = (token: string | undefined, id: number, approve: boolean) =>
    t.post<ReferralBonusEntry>("/referral-review", { id, approve }, { token });

  it("approving pays both sides once; a second review changes nothing", async () => {
    const { p, referrer, friend, id } = await held();
    const res = await review(p.token, id, true);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "approved", reviewed_at: expect.any(String) });
    expect(await balance(referrer.card.serial)).toBe(1 + 4);
    expect(await balance(friend.card.serial)).toBe(2 + 2);
    for (const approve of [true, false]) {
      const again = await review(p.token, id, approve);
      expect(again.statusCode).toBe(200);
      expect(again.body.data.status).toBe("approved");
    }
    expect(await balance(referrer.card.serial)).toBe(1 + 4);
    expect(await referralEntries(friend.card.serial)).toEqual([{ delta: 2, unit: "stamps" }]);
  });

  it("rejecting pays nothing, and stays rejected", async () => {
    const { p, referrer, friend, id } = await held();
    const res = await review(p.token, id, false);
    expect(res.body.data.status).toBe("rejected");
    expect((await review(p.token, id, true)).body.data.status).toBe("rejected");
    expect(await balance(referrer.card.serial)).toBe(1 + 3);
    expect(await referralEntries(friend.card.serial)).toEqual([]);
  });

  it("is the owner's: staff 403, another owner 404, signed out 401, bad input 422, each writing nothing", async () => {
    const { p, referrer, id } = await held();
    const staff = await f.staffOf(p.token, `staff-${Date.now()}@example.com`);
    expectError(await review(staff.token, id, true), 403);
    expectError(await review(await f.owner(), id, true), 404);
    expectError(await review(undefined, id, true), 401);
    expectError(await t.post("/referral-review", { id, approve: "maybe" }, { token: p.token }), 422);
    expectError(await t.post("/referral-review", { id: "x", approve: true }, { token: p.token }), 422);
    expect((await bonusesOf(referrer.card.serial)).map((b) => b.status)).toContain("held");
    expect(await balance(referrer.card.serial)).toBe(1 + 3);
  });

  it("concurrent approvals pay once", async () => {
    const { p, referrer, id } = await held();
    const answers = await Promise.all(Array.from({ length: 5 }, () => review(p.token, id, true)));
    expect(answers.map((a) => a.body.data.status)).toEqual(Array(5).fill("approved"));
    expect(await balance(referrer.card.serial)).toBe(1 + 4);
  });
});
