import { eq, sql } from "drizzle-orm";
import type { CardHistory, CardSummary } from "../../../contract/cards";
import type { ScanResult } from "../../../contract/wallet";
import { cards } from "../../src/db/schema";
import { applyChange } from "../../src/modules/loyalty/engine/apply";
import { createTestApp, expectError, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";

// Points and cashback programmes through the one card engine, per kind, through
// the API (the scanner with an amount, card-redeem, card-history, card-adjust). Rewards of a kind
// are made in the database here: add-reward's kinds are built beside this (programmes helper).
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
let addOption: ReturnType<typeof kindFixtures>["addOption"];
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  ({ programmeOf, addOption } = kindFixtures(t, f));
});
afterAll(() => t.close());

const scan = (token: string, serial: string, amount?: string | number) =>
  t.post<ScanResult>("/qr-code-scanner", { code: serial, ...(amount !== undefined && { amount }) }, { token });
const redeem = (token: string, body: Record<string, unknown>) => t.post<ScanResult>("/card-redeem", body, { token });

const cardRow = async (serial: string) =>
  (
    await t.query<{ stamps: number; lifetime_spend: number; rewards_redeemed: number; events: number; scans: number }>(
      sql`select c.stamps, c.lifetime_spend::int as lifetime_spend, c.rewards_redeemed,
            (select count(*)::int from card_events e where e.card_id = c.id) as events,
            (select count(*)::int from scans s where s.card_id = c.id) as scans
          from cards c where c.serial = ${serial}`,
    )
  )[0]!;
const lastEvent = async (serial: string) =>
  (
    await t.query<{
      kind: string;
      delta: number;
      stamps_after: number;
      unit: string;
      amount: number | null;
      reward_option_id: number | null;
      reason: string | null;
    }>(
      sql`select e.kind, e.delta, e.stamps_after, e.unit, e.amount::int as amount, e.reward_option_id, e.reason
          from card_events e join cards c on c.id = e.card_id where c.serial = ${serial} order by e.id desc limit 1`,
    )
  )[0]!;
const lastScan = async (serial: string) =>
  (
    await t.query<{ kind: string; amount: number | null; stamps_after: number }>(
      sql`select s.kind, s.amount::int as amount, s.stamps_after from scans s join cards c on c.id = s.card_id
          where c.serial = ${serial} order by s.id desc limit 1`,
    )
  )[0]!;

describe("points", () => {
  it("earn per 1.00 of the amount, rounded down, with the balance in its terms", async () => {
    const { token, reward, qr } = await programmeOf({ kind: "points", points_per_unit: 1 });
    await addOption(reward.id, "Free lunch", 100);
    const { card } = await f.join(qr.qr_token);
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 0 });
    const res = await scan(token, card.serial, "12.99");
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe("Added 12 points: 12 points — 88 to Free lunch.");
    expect(res.body.data).toMatchObject({
      action: "stamp",
      kind: "points",
      stamps: 12,
      stamps_required: null,
      balance_text: "12 points — 88 to Free lunch",
      options: [],
      reward_ready: false,
      cashback_balance: null,
      currency: "EUR",
    });
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 12, lifetime_spend: 1299 });
    expect(await lastEvent(card.serial)).toMatchObject({ kind: "stamp", delta: 12, unit: "points", amount: 1299 });
    expect(await lastScan(card.serial)).toEqual({ kind: "stamp", amount: 1299, stamps_after: 12 });
  });

  it("earn the visit's points without an amount; none to give asks for the amount and writes nothing", async () => {
    const visits = await programmeOf({ kind: "points", points_per_visit: 5 });
    const joined = await f.join(visits.qr.qr_token);
    expect(joined.card.stamps).toBe(5);
    expect((await scan(visits.token, joined.card.serial)).body.data).toMatchObject({ stamps: 10, kind: "points" });
    expect(await lastEvent(joined.card.serial)).toMatchObject({ delta: 5, amount: null });

    const perEuro = await programmeOf({ kind: "points", points_per_unit: 2 });
    const other = await f.join(perEuro.qr.qr_token);
    const before = await cardRow(other.card.serial);
    const res = await scan(perEuro.token, other.card.serial);
    expectError(res, 422, "Enter the purchase amount.");
    expect(res.body.errors).toEqual({ amount: ["Enter the purchase amount."] });
    expect(await cardRow(other.card.serial)).toEqual(before);
  });

  it("self-scans earn the visit's points only", async () => {
    const { qr } = await programmeOf({ kind: "points", points_per_visit: 3, points_per_unit: 10 });
    const joined = await f.join(qr.qr_token);
    const res = await f.selfScan(qr.qr_token, [joined.secret]);
    expect(res.body.data).toMatchObject({ action: "stamp", kind: "points", stamps: 6, balance_text: "6 points" });
  });

  it("redeem an option of the card's reward: the rest stays, with the option in the history", async () => {
    const { token, reward, qr } = await programmeOf({ kind: "points", points_per_unit: 10 });
    const lunch = await addOption(reward.id, "Free lunch", 100);
    await addOption(reward.id, "Free dinner", 300);
    const { card } = await f.join(qr.qr_token);
    expect((await scan(token, card.serial, "15")).body.data.options).toEqual([
      { id: lunch, title: "Free lunch", points: 100 },
    ]);
    const res = await redeem(token, { serial: card.serial, option_id: lunch });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe("Redeemed Free lunch for 100 points: 50 points — 50 to Free lunch.");
    expect(res.body.data).toMatchObject({ action: "redeem", kind: "points", stamps: 50, options: [] });
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 50, rewards_redeemed: 1 });
    expect(await lastEvent(card.serial)).toMatchObject({
      kind: "redeem",
      delta: -100,
      stamps_after: 50,
      unit: "points",
      reward_option_id: lunch,
    });
    expect(await lastScan(card.serial)).toMatchObject({ kind: "redeem", stamps_after: 50 });
  });

  it("refuse a redeem above the balance, an option of another business or owner, or a retired one", async () => {
    const { token, business, reward, qr } = await programmeOf({ kind: "points", points_per_visit: 50 });
    const lunch = await addOption(reward.id, "Free lunch", 100);
    const { card } = await f.join(qr.qr_token);
    const before = await cardRow(card.serial);

    const above = await redeem(token, { serial: card.serial, option_id: lunch });
    expectError(above, 422, "The card has only 50 points.");
    expect(above.body.errors).toEqual({ option_id: ["The card has only 50 points."] });

    // The same owner's second business, and another owner's programme.
    const second = await f.addBusiness(token, { business_name: "Second shop" });
    const secondReward = await f.addReward(token, second.id);
    await t.query(sql`update rewards set kind = 'points', stamps_required = 0 where id = ${secondReward.id}`);
    const elsewhere = await addOption(secondReward.id, "Cheap", 1);
    const stranger = await programmeOf({ kind: "points", points_per_visit: 1 });
    const theirs = await addOption(stranger.reward.id, "Cheap", 1);
    await t.query(sql`update rewards set points_per_visit = 500 where id = ${reward.id}`);
    await scan(token, card.serial);
    const retired = await addOption(reward.id, "Gone", 10);
    await t.query(sql`update reward_options set active = false where id = ${retired}`);
    const after = await cardRow(card.serial);
    for (const optionId of [elsewhere, theirs, retired, 999_999]) {
      const res = await redeem(token, { serial: card.serial, option_id: optionId });
      expectError(res, 422, "This option is not one of this card's rewards.");
    }
    expect(await cardRow(card.serial)).toEqual(after);
    expect(after.stamps).toBe(before.stamps + 500);
    expect(business.id).not.toBe(second.id);
  });
});

describe("cashback", () => {
  it("earns the rate of the amount, the tier by the spend before it, and needs the amount", async () => {
    const tiers = [{ fromMinor: 10_000, basisPoints: 1000 }];
    const { token, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 500, cashback_tiers: tiers });
    const { card } = await f.join(qr.qr_token);
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 0 });
    const first = await scan(token, card.serial, "100.00");
    expect(first.body.message).toBe("Added €5.00 cashback: €5.00 to spend.");
    expect(first.body.data).toMatchObject({
      kind: "cashback",
      stamps: 500,
      cashback_balance: "5.00",
      balance_text: "€5.00 to spend",
      currency: "EUR",
      reward_ready: true,
    });
    // 100.00 spent before: the 10 % tier from exactly there.
    expect((await scan(token, card.serial, "10")).body.data).toMatchObject({ stamps: 600, cashback_balance: "6.00" });
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 600, lifetime_spend: 11_000 });
    expect(await lastEvent(card.serial)).toMatchObject({ delta: 100, unit: "cashback", amount: 1000 });
    expectError(await scan(token, card.serial), 422, "Enter the purchase amount.");
  });

  it("rounds down on a currency without decimals, and refuses decimals it does not have", async () => {
    const { token, qr } = await programmeOf({ kind: "cashback", currency: "JPY", cashback_basis_points: 300 });
    const { card } = await f.join(qr.qr_token);
    expect((await scan(token, card.serial, "999")).body.data).toMatchObject({ stamps: 29, cashback_balance: "29" });
    const res = await scan(token, card.serial, "10.5");
    expectError(res, 422, "Amounts in JPY have no decimals.");
    expect(res.body.errors).toEqual({ amount: ["Amounts in JPY have no decimals."] });
  });

  it("redeems money off up to exactly the balance, and not a cent more", async () => {
    const { token, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const { card } = await f.join(qr.qr_token);
    await scan(token, card.serial, "46");
    const over = await redeem(token, { serial: card.serial, amount: "4.61" });
    expectError(over, 422, "The card has only €4.60.");
    expect(over.body.errors).toEqual({ amount: ["The card has only €4.60."] });
    const part = await redeem(token, { serial: card.serial, amount: "2.50" });
    expect(part.body.message).toBe("Took €2.50 off: €2.10 to spend.");
    expect(part.body.data).toMatchObject({ action: "redeem", cashback_balance: "2.10" });
    expect((await redeem(token, { serial: card.serial, amount: "2.1" })).body.data.cashback_balance).toBe("0.00");
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 0, rewards_redeemed: 2 });
    expect(await lastEvent(card.serial)).toMatchObject({ kind: "redeem", delta: -210, unit: "cashback" });
    // An option on a cashback card, and an amount on a points card, are the wrong kind of redeem.
    expectError(await redeem(token, { serial: card.serial, option_id: 1 }), 422);
  });

  it("self-scans record the visit with nothing earned", async () => {
    const { qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const joined = await f.join(qr.qr_token);
    const res = await f.selfScan(qr.qr_token, [joined.secret]);
    expect(res.body.data).toMatchObject({ action: "stamp", kind: "cashback", stamps: 0, cashback_balance: "0.00" });
    expect(await lastScan(joined.card.serial)).toMatchObject({ kind: "stamp", amount: null });
  });
});

describe("bad amounts", () => {
  it("are a 422 on the scanner and on card-redeem, and change nothing", async () => {
    const { token, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 1000 });
    const { card } = await f.join(qr.qr_token);
    await scan(token, card.serial, "50");
    const before = await cardRow(card.serial);
    for (const amount of ["-5", "0", "0.00", "10000.01", "99999999999", "abc", "1e3", "1.234", -5, "NaN"]) {
      const scanned = await scan(token, card.serial, amount);
      expect([amount, scanned.statusCode, scanned.body.errors?.amount]).toEqual([amount, 422, expect.any(Array)]);
      const redeemed = await redeem(token, { serial: card.serial, amount });
      expect([amount, redeemed.statusCode, redeemed.body.errors?.amount]).toEqual([amount, 422, expect.any(Array)]);
    }
    expect(await cardRow(card.serial)).toEqual(before);
  });

  it("are refused on a card-redeem with both or neither of option and amount", async () => {
    const { token, qr } = await programmeOf({ kind: "points", points_per_visit: 1 });
    const { card } = await f.join(qr.qr_token);
    expectError(await redeem(token, { serial: card.serial }), 422);
    expectError(await redeem(token, { serial: card.serial, option_id: 1, amount: "1" }), 422);
    expectError(await redeem(token, { serial: "LC-0000-0000-0000", amount: "1" }), 404);
  });
});

describe("stamp programmes", () => {
  it("keep today's answers: the amount is ignored, redeeming is the scanner's, card-redeem is refused", async () => {
    const { token, qr } = await f.programme({ stamps_required: 3 });
    const { card } = await f.join(qr.qr_token);
    const res = await scan(token, card.serial, "12.50");
    expect(res.body.message).toBe("Stamp added: 2 of 3.");
    expect(res.body.data).toMatchObject({
      action: "stamp",
      stamps: 2,
      stamps_required: 3,
      reward_ready: false,
      kind: "stamps",
      balance_text: "2 of 3 stamps",
      options: [],
      cashback_balance: null,
    });
    expect(await lastEvent(card.serial)).toMatchObject({ kind: "stamp", unit: "stamps", amount: null });
    expect(await lastScan(card.serial)).toMatchObject({ amount: null });
    expectError(await redeem(token, { serial: card.serial, amount: "1" }), 422);
    await scan(token, card.serial, "1.234");
    expect((await scan(token, card.serial)).body.message).toBe(
      "Reward redeemed: Free coffee. 0 stamps left on the card.",
    );
  });
});

describe("card-history and card-adjust", () => {
  it("answer each entry in its unit's terms, and adjust in the programme's unit", async () => {
    const { token, reward, qr } = await programmeOf({ kind: "points", points_per_unit: 1, points_per_visit: 2 });
    await addOption(reward.id, "Free lunch", 100);
    const { card } = await f.join(qr.qr_token);
    await scan(token, card.serial, "40.50");
    const adjust = await t.post<CardSummary>(
      "/card-adjust",
      { serial: card.serial, delta: 10, reason: "Goodwill" },
      { token },
    );
    expect(adjust.body.message).toBe("Added 10 points: 54 points — 46 to Free lunch.");
    const list = (await t.get<CardHistory>("/card-history", { token, query: { serial: card.serial } })).body.data;
    expect(list.card).toMatchObject({ kind: "points", stamps: 54, balance_text: "54 points — 46 to Free lunch" });
    expect(
      list.items.map(({ kind, unit, delta_text, balance_text, amount }) => ({
        kind,
        unit,
        delta_text,
        balance_text,
        amount,
      })),
    ).toEqual([
      {
        kind: "adjust",
        unit: "points",
        delta_text: "+10 points",
        balance_text: "54 points — 46 to Free lunch",
        amount: null,
      },
      {
        kind: "stamp",
        unit: "points",
        delta_text: "+42 points",
        balance_text: "44 points — 56 to Free lunch",
        amount: "40.50",
      },
      {
        kind: "join",
        unit: "points",
        delta_text: "+2 points",
        balance_text: "2 points — 98 to Free lunch",
        amount: null,
      },
    ]);
  });

  it("adjust cashback in minor units (at most MAX_ADJUST = 100 a call, as for stamps)", async () => {
    const { token, qr } = await programmeOf({ kind: "cashback", cashback_basis_points: 500 });
    const { card } = await f.join(qr.qr_token);
    const res = await t.post<CardSummary>(
      "/card-adjust",
      { serial: card.serial, delta: 99, reason: "Refund" },
      { token },
    );
    expect(res.body.message).toBe("Added €0.99: €0.99 to spend.");
    expect(res.body.data).toMatchObject({ kind: "cashback", stamps: 99, balance_text: "€0.99 to spend" });
  });
});

describe("a retired programme's successor of another kind", () => {
  it("starts the card at zero in its unit, with an entry saying so; lifetime figures kept", async () => {
    const { token, business, reward, qr } = await f.programme({ stamps_required: 10 });
    const { card } = await f.join(qr.qr_token);
    await scan(token, card.serial);
    const successor = await f.addReward(token, business.id, { title: "Points club" });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    await t.query(
      sql`update rewards set kind = 'points', stamps_required = 0, points_per_visit = 7 where id = ${successor.id}`,
    );
    await t.query(sql`update rewards set active = false where id = ${reward.id}`);
    const res = await scan(token, card.serial);
    expect(res.body.data).toMatchObject({ kind: "points", stamps: 7, reward_title: "Points club" });
    const rows = await t.query<{
      kind: string;
      delta: number;
      stamps_after: number;
      unit: string;
      reason: string | null;
    }>(
      sql`select e.kind, e.delta, e.stamps_after, e.unit, e.reason from card_events e join cards c on c.id = e.card_id
          where c.serial = ${card.serial} order by e.id`,
    );
    expect(rows.slice(-2)).toEqual([
      { kind: "adjust", delta: 0, stamps_after: 0, unit: "points", reason: "New programme: Points club" },
      { kind: "stamp", delta: 7, stamps_after: 7, unit: "points", reason: null },
    ]);
    // The next scan is in the same unit: no second restart.
    expect((await scan(token, card.serial)).body.data.stamps).toBe(14);
  });
});

describe("expiry and the referral bonus through the engine", () => {
  const change = async (serial: string, c: Parameters<typeof applyChange>[3]) => {
    const [card] = await t.app.db.select({ id: cards.id }).from(cards).where(eq(cards.serial, serial));
    return t.app.db.transaction((tx) => applyChange(tx, t.app.events, { id: card!.id }, c));
  };

  it("expire lapses points on the day with a history entry; a referral adds the bonus", async () => {
    const { qr } = await programmeOf({ kind: "points", points_per_visit: 40, expire_after_days: 30 });
    const { card } = await f.join(qr.qr_token);
    await change(card.serial, { kind: "referral" });
    expect(await lastEvent(card.serial)).toMatchObject({
      kind: "referral",
      delta: 10,
      stamps_after: 50,
      unit: "points",
    });
    const scansBefore = (await cardRow(card.serial)).scans;
    // The bonus was the last earn; the programme's expiry started with it (a new reward's does).
    const since = async (days: number) => {
      await t.query(
        sql`update cards set earned_at = now() - make_interval(days => ${days}) where serial = ${card.serial}`,
      );
      await t.query(sql`update rewards set expiry_from = now() - make_interval(days => ${days})
        where id = (select reward_id from cards where serial = ${card.serial})`);
    };
    await since(29);
    expect((await change(card.serial, { kind: "expire" }))!.decision.action).toBe("wait");
    await since(30);
    expect((await change(card.serial, { kind: "expire" }))!.decision.action).toBe("expire");
    expect(await lastEvent(card.serial)).toMatchObject({ kind: "expire", delta: -50, stamps_after: 0, unit: "points" });
    expect(await cardRow(card.serial)).toMatchObject({ stamps: 0, scans: scansBefore });
  });
});

describe("who may redeem", () => {
  it("not another owner or their staff (the card is not theirs), nor anyone signed out; nothing written", async () => {
    const { reward, qr } = await programmeOf({ kind: "points", points_per_visit: 20 });
    const coffee = await addOption(reward.id, "Coffee", 20);
    const { card } = await f.join(qr.qr_token);
    const before = await cardRow(card.serial);
    const stranger = await f.owner();
    const theirStaff = await f.staffOf(stranger, `staff-${Date.now()}-other@example.com`);
    const body = { serial: card.serial, option_id: coffee };
    expectError(await redeem(stranger, body), 404, "This card is not one of your business's cards.");
    expectError(await redeem(theirStaff.token, body), 404, "This card is not one of your business's cards.");
    expectError(await t.post("/card-redeem", body), 401);
    expect(await cardRow(card.serial)).toEqual(before);
  });

  it("staff may redeem on the owner's cards", async () => {
    const { token, reward, qr } = await programmeOf({ kind: "points", points_per_visit: 20 });
    const coffee = await addOption(reward.id, "Coffee", 20);
    const { card } = await f.join(qr.qr_token);
    const staff = await f.staffOf(token, `staff-${Date.now()}@example.com`);
    const res = await redeem(staff.token, { serial: card.serial, option_id: coffee });
    expect(res.body.data).toMatchObject({ action: "redeem", stamps: 0 });
  });
});

describe("My Scans", () => {
  it("shows each scan's balance in its programme's terms, with the amount it earned on", async () => {
    const { token, qr } = await programmeOf({ kind: "points", points_per_unit: 1 });
    const { card } = await f.join(qr.qr_token);
    expect((await scan(token, card.serial, "12.50")).statusCode).toBe(200);
    const list = await t.get<import("../../../contract/scans").ScanPage>("/scan-list", { token });
    expect(
      list.body.data.items.map(({ kind, programme, balance_after_text, amount }) => ({
        kind,
        programme,
        balance_after_text,
        amount,
      })),
    ).toEqual([
      { kind: "stamp", programme: "points", balance_after_text: "12 points", amount: "12.50" },
      { kind: "join", programme: "points", balance_after_text: "0 points", amount: null },
    ]);
  });
});

describe("in the request's language", () => {
  const es = { "accept-language": "es" };

  it("the scanner, card-redeem, card-adjust, card-history and My Scans say the balance in Spanish", async () => {
    const { token, reward, qr } = await programmeOf({ kind: "points", points_per_unit: 1 });
    const lunch = await addOption(reward.id, "Free lunch", 100);
    const { card } = await f.join(qr.qr_token);
    const res = await t.post<ScanResult>(
      "/qr-code-scanner",
      { code: card.serial, amount: "120" },
      { token, headers: es },
    );
    expect(res.body.message).toBe("Añadido 120 puntos: 120 puntos.");
    const spent = await t.post<ScanResult>(
      "/card-redeem",
      { serial: card.serial, option_id: lunch },
      { token, headers: es },
    );
    expect(spent.body.message).toBe("Canjeado Free lunch por 100 puntos: 20 puntos — faltan 80 para Free lunch.");
    expect(spent.body.data.balance_text).toBe("20 puntos — faltan 80 para Free lunch");
    const adjust = await t.post<CardSummary>(
      "/card-adjust",
      { serial: card.serial, delta: -1, reason: "Typo" },
      { token, headers: es },
    );
    expect(adjust.body.message).toBe("Quitado 1 punto: 19 puntos — faltan 81 para Free lunch.");
    const history = (await t.get<CardHistory>("/card-history", { token, query: { serial: card.serial }, headers: es }))
      .body.data;
    expect(history.items.map((i) => i.delta_text)).toEqual(["−1 punto", "−100 puntos", "+120 puntos", "+0 puntos"]);
    const scans = await t.get<import("../../../contract/scans").ScanPage>("/scan-list", { token, headers: es });
    expect(scans.body.data.items.map((s) => s.balance_after_text)).toEqual(["20 puntos", "120 puntos", "0 puntos"]);
    // English stays the default without the header.
    const english = (await t.get<CardHistory>("/card-history", { token, query: { serial: card.serial } })).body.data;
    expect(english.card.balance_text).toBe("19 points — 81 to Free lunch");
  });
});
