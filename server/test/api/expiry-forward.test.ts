import { sql } from "drizzle-orm";
import type { Automation } from "../../../contract/automations";
import type { Reward, RewardExpiryPreview } from "../../../contract/rewards";
import type { WalletCard } from "../../../contract/wallet";
import { runAutomations } from "../../src/modules/automations/run";
import { expireCards } from "../../src/modules/loyalty/rewards/expiry";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";

// Expiry that never surprises: turning expiry on or shortening it applies forward only (every
// balance gets a full window from the change); the clock restarts on an earn, never on a redeem;
// the reward form previews what a change would lapse; the about-to-expire notice covers points;
// the near-reward automation reaches everyone the near_reward segment holds.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

type Programme = Awaited<ReturnType<typeof f.programme>>;

/** A stamps (or points) programme whose expiry, when set, has run for long: no card's window started with it. */
async function programme(days: number | null, kind: "stamps" | "points" = "stamps") {
  const p = await f.programme(kind === "points" ? { kind: "points", points_per_visit: 10 } : {});
  await t.query(sql`update rewards set expire_after_days = ${days}, expiry_from = null where id = ${p.reward.id}`);
  return p;
}

/** A card holding `balance`, last earned (and visited) `ago` (an SQL interval) ago. */
async function cardWith(p: Programme, balance: number, ago: string) {
  const joined = await f.join(p.qr.qr_token);
  await t.query(sql`update cards set stamps = ${balance}, last_visit_at = now() - ${ago}::interval,
      earned_at = now() - ${ago}::interval where serial = ${joined.card.serial}`);
  return joined.card.serial;
}

const balanceOf = async (serial: string) =>
  (await t.query<{ stamps: number }>(sql`select stamps from cards where serial = ${serial}`))[0]!.stamps;

/** Edits the reward's expiry through add-reward, as the reward form does (the rest as it was). */
async function setExpiry(p: Programme, days: number | null, fields: Record<string, unknown> = {}) {
  const res = await t.post<Reward>(
    "/add-reward",
    {
      id: p.reward.id,
      business_id: p.business.id,
      title: p.reward.title,
      kind: p.reward.kind,
      stamps_required: p.reward.kind === "stamps" ? p.reward.stamps_required : undefined,
      points_per_visit: p.reward.points_per_visit,
      expire_after_days: days,
      ...fields,
    },
    { token: p.token },
  );
  expect(res.statusCode).toBe(200);
  return res.body.data;
}

/** Moves the reward's expiry start and every card's last earn back by `by`: that much time passes. */
async function timePasses(p: Programme, by: string) {
  await t.query(sql`update rewards set expiry_from = expiry_from - ${by}::interval where id = ${p.reward.id}`);
  await t.query(sql`update cards set earned_at = earned_at - ${by}::interval where business_id = ${p.business.id}`);
}

const expire = () => expireCards(t.database.db, t.app.events);

describe("forward only", () => {
  it("turning expiry on gives every balance one full window from the change", async () => {
    const p = await programme(null);
    const old = await cardWith(p, 4, "200 days");
    const later = await cardWith(p, 3, "2 days");

    await setExpiry(p, 30);
    await expire();
    expect(await balanceOf(old)).toBe(4);

    // Ten days on, one card earns: its window restarts from that earn.
    await timePasses(p, "10 days");
    expect((await f.staffScan(p.token, later)).statusCode).toBe(200);
    await timePasses(p, "19 days 23 hours");
    await expire();
    expect([await balanceOf(old), await balanceOf(later)]).toEqual([4, 4]);

    // A full window after the change the old balance lapses; the other counts from its earn.
    await timePasses(p, "1 hour 1 minute");
    await expire();
    expect([await balanceOf(old), await balanceOf(later)]).toEqual([0, 4]);
    await timePasses(p, "10 days");
    await expire();
    expect(await balanceOf(later)).toBe(0);
  });

  it("shortening starts a new window; lengthening, keeping or turning off takes effect at once", async () => {
    const shortened = await programme(90);
    const kept = await cardWith(shortened, 6, "40 days");
    await setExpiry(shortened, 30);
    await expire();
    expect(await balanceOf(kept)).toBe(6);
    await timePasses(shortened, "30 days 1 minute");
    await expire();
    expect(await balanceOf(kept)).toBe(0);

    // Lengthened from 30 to 60: a card past 60 days lapses at once (no new window), one at 50 keeps.
    const lengthened = await programme(30);
    const past = await cardWith(lengthened, 5, "61 days");
    const within = await cardWith(lengthened, 5, "50 days");
    await setExpiry(lengthened, 60);
    await expire();
    expect([await balanceOf(past), await balanceOf(within)]).toEqual([0, 5]);

    // Editing something else keeps the window as it was.
    const retitled = await programme(30);
    const due = await cardWith(retitled, 2, "31 days");
    await setExpiry(retitled, 30, { title: "Free tea" });
    await expire();
    expect(await balanceOf(due)).toBe(0);

    // Off: nothing lapses; on again later: a new full window.
    const off = await programme(30);
    const overdue = await cardWith(off, 7, "45 days");
    await setExpiry(off, null);
    await expire();
    expect(await balanceOf(overdue)).toBe(7);
    await setExpiry(off, 30);
    await expire();
    expect(await balanceOf(overdue)).toBe(7);
  });

  it("a new reward's expiry starts with it, also for cards that fall back to it", async () => {
    const p = await programme(null);
    const card = await cardWith(p, 4, "100 days");
    // The card's reward retires: it collects for the business's newest, which lapses after 30 days.
    await t.post("/remove-reward", { id: p.reward.id }, { token: p.token });
    await f.addReward(p.token, p.business.id, { title: "Successor", expire_after_days: 30 });
    await expire();
    expect(await balanceOf(card)).toBe(4);
  });
});

describe("the clock restarts on an earn only", () => {
  it("a redeem 10 days after the last earn leaves the balance lapsing at earn + window", async () => {
    const p = await programme(30, "points");
    const option = await t.post<{ id: number }>(
      "/reward-option-add",
      { reward_id: p.reward.id, title: "Croissant", points: 50 },
      { token: p.token },
    );
    const serial = await cardWith(p, 120, "20 days");
    // Ten days later the customer redeems: 70 points are left.
    await t.query(sql`update cards set earned_at = earned_at - interval '10 days' where serial = ${serial}`);
    const redeemed = await t.post("/card-redeem", { serial, option_id: option.body.data.id }, { token: p.token });
    expect(redeemed.statusCode).toBe(200);
    expect(await balanceOf(serial)).toBe(70);
    // A minute past 30 days after the earn (10 days after the redeem) the rest lapses.
    await t.query(sql`update cards set earned_at = earned_at - interval '1 minute' where serial = ${serial}`);
    await expire();
    expect(await balanceOf(serial)).toBe(0);
  });

  it("every earn restarts it: a scan, a self-scan, stamps added by hand, a referral bonus", async () => {
    const p = await programme(30);
    const scanned = await cardWith(p, 2, "31 days");
    expect((await f.staffScan(p.token, scanned)).statusCode).toBe(200);

    const joined = await f.join(p.qr.qr_token);
    await t.query(sql`update cards set stamps = 2, earned_at = now() - interval '31 days',
        last_self_stamp_at = null, stamp_day = null where serial = ${joined.card.serial}`);
    expect((await f.selfScan(p.qr.qr_token, [joined.secret])).statusCode).toBe(200);

    const added = await cardWith(p, 2, "31 days");
    const adjust = (serial: string, delta: number) =>
      t.post("/card-adjust", { serial, delta, reason: "Counted by hand" }, { token: p.token });
    expect((await adjust(added, 1)).statusCode).toBe(200);
    const removed = await cardWith(p, 4, "31 days");
    expect((await adjust(removed, -1)).statusCode).toBe(200);

    // A friend joins through the referrer's link; the bonus pays at the join.
    await t.query(sql`update rewards set referral_trigger = 'join' where id = ${p.reward.id}`);
    const referrer = await f.join(p.qr.qr_token);
    await t.query(sql`update cards set stamps = 2, earned_at = now() - interval '31 days'
        where serial = ${referrer.card.serial}`);
    const page = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: p.qr.qr_token },
      headers: f.cardHeaders([referrer.secret]),
    });
    const ref = new URL(page.body.data.referral_url!).searchParams.get("ref")!;
    await f.join(p.qr.qr_token, { ref });

    await expire();
    expect(await balanceOf(scanned)).toBe(3);
    expect(await balanceOf(joined.card.serial)).toBe(3);
    expect(await balanceOf(added)).toBe(3);
    expect(await balanceOf(referrer.card.serial)).toBe(3);
    // Taking stamps away is not an earn: the rest lapses.
    expect(await balanceOf(removed)).toBe(0);
  });
});

describe("reward-expiry-preview", () => {
  const preview = (token: string, body: Record<string, unknown>) =>
    t.post<RewardExpiryPreview>("/reward-expiry-preview", body, { token });

  it("answers the cards and balance a change would lapse in the next 30 days, by the forward rule", async () => {
    const p = await programme(30);
    await cardWith(p, 3, "10 days"); // lapses in 20 days
    await cardWith(p, 4, "25 days"); // in 5 days
    await cardWith(p, 2, "1 day"); // in 29 days
    await cardWith(p, 0, "29 days"); // nothing to lose
    const other = await programme(30); // another business's cards never count
    await cardWith(other, 9, "25 days");

    const at = async (days: number | null | string) => {
      const res = await preview(p.token, { reward_id: p.reward.id, expire_after_days: days });
      expect(res.statusCode).toBe(200);
      return res.body.data;
    };
    expect(await at(30)).toEqual({ cards: 3, amount: 9, unit: "stamps" });
    // Longer: fewer windows end within 30 days (now 45 days: only the 25-day card's).
    expect(await at(35)).toEqual({ cards: 2, amount: 7, unit: "stamps" });
    expect(await at(45)).toEqual({ cards: 1, amount: 4, unit: "stamps" });
    expect(await at("45")).toEqual({ cards: 1, amount: 4, unit: "stamps" });
    // Shorter starts a new window from the change: a 20-day one ends within 30 days for all.
    expect(await at(20)).toEqual({ cards: 3, amount: 9, unit: "stamps" });
    expect(await at(null)).toEqual({ cards: 0, amount: 0, unit: "stamps" });
    expect(await at("")).toEqual({ cards: 0, amount: 0, unit: "stamps" });
    // Nothing changed by asking.
    const [after] = await t.query<{ days: number; from: Date | null }>(
      sql`select expire_after_days as days, expiry_from as from from rewards where id = ${p.reward.id}`,
    );
    expect(after).toEqual({ days: 30, from: null });

    // Shortened from 90 to 30: a balance 10 days from lapsing gets a new full window.
    const long = await programme(90);
    await cardWith(long, 5, "80 days");
    const of = async (days: number) =>
      (await preview(long.token, { reward_id: long.reward.id, expire_after_days: days })).body.data;
    expect(await of(90)).toEqual({ cards: 1, amount: 5, unit: "stamps" });
    expect(await of(30)).toEqual({ cards: 0, amount: 0, unit: "stamps" });
  });

  it("turning expiry on lapses nothing for 30 days or more; points count in points", async () => {
    const p = await programme(null, "points");
    await cardWith(p, 500, "300 days");
    const on = async (days: number) =>
      (await preview(p.token, { reward_id: p.reward.id, expire_after_days: days })).body.data;
    expect(await on(30)).toEqual({ cards: 0, amount: 0, unit: "points" });
    expect(await on(365)).toEqual({ cards: 0, amount: 0, unit: "points" });
    // A window shorter than 30 days ends within them.
    expect(await on(7)).toEqual({ cards: 1, amount: 500, unit: "points" });
    const running = await programme(30, "points");
    await cardWith(running, 480, "20 days");
    await cardWith(running, 20, "29 days");
    const kept = await preview(running.token, { reward_id: running.reward.id, expire_after_days: 30 });
    expect(kept.body.data).toEqual({ cards: 2, amount: 500, unit: "points" });
  });

  it("validates its input like add-reward, and answers 404 for another owner's or a retired reward", async () => {
    const p = await programme(30);
    for (const days of [0, -1, 3651, 2.5, "abc"]) {
      expectInvalid(await preview(p.token, { reward_id: p.reward.id, expire_after_days: days }), ["expire_after_days"]);
    }
    expectInvalid(await preview(p.token, { expire_after_days: 30 }), ["reward_id"]);
    expectInvalid(await preview(p.token, { reward_id: "x", expire_after_days: 30 }), ["reward_id"]);

    const stranger = await programme(30);
    expectError(await preview(stranger.token, { reward_id: p.reward.id, expire_after_days: 30 }), 404);
    const staff = await f.staffOf(p.token, `preview-staff-${Date.now()}@example.com`);
    expectError(await preview(staff.token, { reward_id: p.reward.id, expire_after_days: 30 }), 403);
    expectError(await t.post("/reward-expiry-preview", { reward_id: p.reward.id, expire_after_days: 30 }), 401);

    const cashback = await f.addReward(p.token, p.business.id, { kind: "cashback", cashback_percent: 5 });
    expectInvalid(await preview(p.token, { reward_id: cashback.id, expire_after_days: null }), ["reward_id"]);
    await t.post("/remove-reward", { id: p.reward.id }, { token: p.token });
    expectError(await preview(p.token, { reward_id: p.reward.id, expire_after_days: 30 }), 404);
  });
});

/** Enables an automation of the programme's business. */
async function enable(p: Programme, kind: Automation["kind"]) {
  const res = await t.post<Automation>(
    "/automation-save",
    { business_id: p.business.id, kind, enabled: true, title: "Hello {name}", message: "From {business}." },
    { token: p.token },
  );
  expect(res.statusCode).toBe(200);
}

/** The cards an automation of the business has written to, in order. */
const sentTo = async (p: Programme, kind: Automation["kind"]) =>
  (
    await t.query<{ serial: string }>(sql`
      select c.serial from automation_sends s join automations a on a.id = s.automation_id
      join cards c on c.id = s.card_id join message_recipients r on r.message_id = s.message_id and r.card_id = c.id
      where a.business_id = ${p.business.id} and a.kind = ${kind} order by s.id`)
  ).map((r) => r.serial);

describe("the about-to-expire notice", () => {
  it("goes out 7 days before points lapse too, once per card per window", async () => {
    const p = await programme(30, "points");
    await enable(p, "about_to_expire");
    const due = await cardWith(p, 340, "23 days 1 hour");
    await cardWith(p, 340, "20 days"); // 10 days left: not yet
    const pushes: number[] = [];
    const onSent = async (_tx: unknown, m: { messageId: number }) => {
      pushes.push(m.messageId);
    };
    expect((await runAutomations(t.database.db, new Date(), onSent)).sent).toBe(1);
    expect((await runAutomations(t.database.db, new Date(), onSent)).sent).toBe(0);
    expect(await sentTo(p, "about_to_expire")).toEqual([due]);
    expect(pushes).toHaveLength(1);
  });

  it("follows the forward rule: no notice for a balance whose window just started", async () => {
    const p = await programme(90, "points");
    await enable(p, "about_to_expire");
    const card = await cardWith(p, 200, "25 days");
    await setExpiry(p, 30);
    expect((await runAutomations(t.database.db)).sent).toBe(0);
    // 23 days on, the new window's last week has begun.
    await timePasses(p, "23 days 1 hour");
    expect((await runAutomations(t.database.db)).sent).toBe(1);
    expect(await sentTo(p, "about_to_expire")).toEqual([card]);
  });
});

describe("the near-reward automation", () => {
  it("reaches the near_reward segment: points near the cheapest option, cashback near the next tier", async () => {
    const p = await programme(null, "points");
    await t.post("/reward-option-add", { reward_id: p.reward.id, title: "Lunch", points: 100 }, { token: p.token });
    await enable(p, "near_reward");
    const near = await cardWith(p, 95, "1 day");
    await cardWith(p, 50, "1 day"); // far from it
    await cardWith(p, 120, "1 day"); // already there
    const segment = await t.get<{ count: number }>("/segment-count", {
      token: p.token,
      query: { business_id: String(p.business.id), segment: "near_reward" },
    });

    expect((await runAutomations(t.database.db)).sent).toBe(1);
    expect((await runAutomations(t.database.db)).sent).toBe(0);
    expect(await sentTo(p, "near_reward")).toEqual([near]);
    expect(segment.body.data.count).toBe(1);

    const c = await f.programme({
      kind: "cashback",
      cashback_percent: 5,
      tiers: [{ from_amount: "100.00", percent: 10 }],
    });
    await enable(c, "near_reward");
    const joined = await f.join(c.qr.qr_token);
    await t.query(sql`update cards set lifetime_spend = 9500 where serial = ${joined.card.serial}`);
    expect((await runAutomations(t.database.db)).sent).toBe(1);
    expect(await sentTo(c, "near_reward")).toEqual([joined.card.serial]);
  });
});
