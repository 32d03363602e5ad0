import { sql } from "drizzle-orm";
import type { NewApiKey } from "../../../contract/api-keys";
import { featureNotInPlan } from "../../../contract/plan-features";
import type { Reward } from "../../../contract/rewards";
import type { WalletCard } from "../../../contract/wallet";
import { reevaluateLevels } from "../../src/modules/levels/nightly";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { loyaltyFixtures } from "../helpers/loyalty";
import { v1Client } from "../helpers/v1-client";

// Levels for every kind: a points programme's levels multiply, a stamp programme's add stamps; the
// card's level is recomputed on each earn (the crossing earn at the new rate), answered by
// wallet-card and /v1, and a rolling period is re-evaluated nightly, moving a card down once, with notice.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const SILVER_GOLD = [
  { name: "Silver", from: 200, multiplier: "1.25" },
  { name: "Gold", from: 500, multiplier: "1.5" },
];

/** An owner's business in euros (a new one, or `existing`) and a points reward (100 a visit) with these fields. */
async function pointsProgramme(fields: Record<string, unknown> = {}, token?: string, existing?: { id: number }) {
  const owner = token ?? (await f.owner());
  const business = existing ?? (await f.addBusiness(owner));
  await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
  const res = await t.post<Reward>(
    "/add-reward",
    {
      business_id: business.id,
      title: "Free cake",
      kind: "points",
      points_per_visit: 100,
      cooldown_minutes: 0,
      daily_cap: 0,
      ...fields,
    },
    { token: owner },
  );
  return { token: owner, business, res };
}

const walletCard = async (serial: string, secret: string) =>
  (await t.get<WalletCard>("/wallet-card", { query: { serial }, headers: f.cardHeaders([secret]) })).body.data!;

const lastEvent = async (serial: string) =>
  (
    await t.query<{ delta: number; reason: string | null }>(
      sql`select e.delta, e.reason from card_events e join cards c on c.id = e.card_id
          where c.serial = ${serial} order by e.id desc limit 1`,
    )
  )[0]!;

const levelOf = async (serial: string) =>
  (await t.query<{ level: string | null }>(sql`select level from cards where serial = ${serial}`))[0]!.level;

/** The level notices a card received (its messages of the level segment), oldest first. */
const notices = async (serial: string) => {
  await t.settle();
  return t.query<{ title: string; message: string }>(
    sql`select m.title, m.message from business_messages m join message_recipients r on r.message_id = m.id
        join cards c on c.id = r.card_id where c.serial = ${serial} and m.segment = 'level' order by m.id`,
  );
};

describe("add-reward's levels", () => {
  it("sets a points programme's levels, basis and period, and answers them as given", async () => {
    const { res } = await pointsProgramme({ levels: SILVER_GOLD });
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      levels: SILVER_GOLD,
      level_basis: "points",
      level_period: "lifetime",
    });
  });

  it("sets a stamp programme's levels by visits with bonus stamps, and by spend with from_amount", async () => {
    const { token, business } = await f.programme();
    const byVisits = await t.post<Reward>(
      "/add-reward",
      {
        business_id: business.id,
        title: "Free coffee",
        stamps_required: 10,
        levels: [{ name: "Regular", from: 5, bonus_stamps: 1 }],
        level_period: "rolling_12_months",
      },
      { token },
    );
    expect(byVisits.statusCode).toBe(201);
    expect(byVisits.body.data).toMatchObject({
      levels: [{ name: "Regular", from: 5, bonus_stamps: 1 }],
      level_basis: "visits",
      level_period: "rolling_12_months",
    });
    await t.query(sql`update businesses set currency = 'EUR' where id = ${business.id}`);
    const bySpend = await t.post<Reward>(
      "/add-reward",
      {
        business_id: business.id,
        title: "Free tea",
        stamps_required: 10,
        level_basis: "spend",
        levels: [{ name: "Big spender", from_amount: "150.50", bonus_stamps: 2 }],
      },
      { token },
    );
    expect(bySpend.statusCode).toBe(201);
    expect(bySpend.body.data.levels).toEqual([{ name: "Big spender", from_amount: "150.50", bonus_stamps: 2 }]);
  });

  it("refuses bad levels with 422 and writes nothing", async () => {
    const { token, business } = await pointsProgramme();
    const base = { business_id: business.id, title: "Free cake", kind: "points", points_per_visit: 10 };
    const before = await t.query(sql`select count(*)::int as n from rewards`);
    const refuse = async (fields: Record<string, unknown>, keys: string[]) =>
      expectInvalid(await t.post("/add-reward", { ...base, ...fields }, { token }), keys);
    await refuse({ levels: [{ name: "Silver", from: 200 }] }, ["levels.0.multiplier"]);
    await refuse({ levels: [{ name: "Silver", from: 200, multiplier: "1" }] }, ["levels.0.multiplier"]);
    await refuse({ levels: [{ name: "Silver", from: 200, multiplier: "1.5", bonus_stamps: 1 }] }, [
      "levels.0.bonus_stamps",
    ]);
    await refuse({ levels: [{ name: "", from: 200, multiplier: "1.5" }] }, ["levels.0.name"]);
    await refuse({ levels: [{ name: "Silver", multiplier: "1.5" }] }, ["levels.0.from"]);
    await refuse({ levels: [SILVER_GOLD[1], SILVER_GOLD[0]] }, ["levels.1.from"]);
    await refuse({ levels: [SILVER_GOLD[0], { ...SILVER_GOLD[1], name: "silver" }] }, ["levels.1.name"]);
    await refuse({ levels: SILVER_GOLD, level_basis: "spend" }, ["levels.0.from_amount", "levels.1.from_amount"]);
    await refuse({ levels: SILVER_GOLD, level_period: "weekly" }, ["level_period"]);
    await refuse({ kind: "cashback", cashback_percent: 5, levels: SILVER_GOLD }, ["levels"]);
    await refuse({ levels: "Gold" }, ["levels"]);
    expect(await t.query(sql`select count(*)::int as n from rewards`)).toEqual(before);
  });

  it("is a Growth feature: a Starter owner's levels are refused and nothing written; without levels it saves", async () => {
    const user = await t.createUser({ plan: "Starter" });
    const token = await t.tokenFor(user.id);
    const { res, business } = await pointsProgramme({ levels: SILVER_GOLD }, token);
    expectError(res, 403, featureNotInPlan("Starter", "levels"));
    expect(await t.query(sql`select id from rewards where user_id = ${user.id}`)).toEqual([]);
    const { res: plain } = await pointsProgramme({}, token, business);
    expect(plain.statusCode).toBe(201);
  });
});

describe("an earn that crosses a level", () => {
  it("earns at the new rate from the crossing earn on, names the level in the history, and tells the customer once", async () => {
    const { token, res } = await pointsProgramme({ levels: SILVER_GOLD });
    const qr = await f.generateQr(token, res.body.data.business_id, { reward_id: res.body.data.id });
    const joined = await f.join(qr.qr_token);
    const serial = joined.card.serial;
    // The join's visit: 100 points, no level yet.
    expect((await walletCard(joined.card.serial, joined.secret)).level).toEqual({
      name: null,
      next: "Silver",
      to_next: 100,
    });

    // 100 + this visit's 100 reach Silver (200): this earn is at ×1.25 already.
    expect((await f.staffScan(token, serial)).body.data.stamps).toBe(225);
    expect(await lastEvent(serial)).toEqual({ delta: 125, reason: "Silver ×1.25" });
    expect(await levelOf(serial)).toBe("Silver");
    const card = await walletCard(joined.card.serial, joined.secret);
    expect(card.level).toEqual({ name: "Silver", next: "Gold", to_next: 275 });
    expect(card.level_text).toBe("Silver · 275 points to Gold");

    expect((await f.staffScan(token, serial)).body.data.stamps).toBe(350);
    expect(await notices(serial)).toEqual([
      { title: "You reached Silver", message: expect.stringContaining("Silver") },
    ]);
  });

  it("adds a stamp level's bonus stamps to each visit from the crossing visit on", async () => {
    const { token, business } = await f.programme();
    const reward = (
      await t.post<Reward>(
        "/add-reward",
        {
          business_id: business.id,
          title: "Free coffee",
          stamps_required: 20,
          cooldown_minutes: 0,
          level_basis: "points",
          levels: [{ name: "Regular", from: 3, bonus_stamps: 1 }],
        },
        { token },
      )
    ).body.data;
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    const { card } = await f.join(qr.qr_token);
    expect((await f.staffScan(token, card.serial)).body.data.stamps).toBe(2);
    // 2 stamps + this visit's 1 reach Regular: 2 stamps for it.
    expect((await f.staffScan(token, card.serial)).body.data.stamps).toBe(4);
    expect(await lastEvent(card.serial)).toEqual({ delta: 2, reason: "Regular +1" });
  });

  it("answers no level where the programme has none", async () => {
    const { qr } = await f.programme();
    const joined = await f.join(qr.qr_token);
    expect((await walletCard(joined.card.serial, joined.secret)).level).toBeNull();
  });

  it("carries the level on /v1's card", async () => {
    const { token, res } = await pointsProgramme({ levels: SILVER_GOLD });
    const qr = await f.generateQr(token, res.body.data.business_id, { reward_id: res.body.data.id });
    const { card } = await f.join(qr.qr_token);
    await f.staffScan(token, card.serial);
    const key = (await t.post<NewApiKey>("/api/api-key-add", { name: "Till", scopes: ["cards:read"] }, { token })).body
      .data;
    const api = v1Client(t.app, key.key);
    const got = await api.GET("/cards/{serial}", { params: { path: { serial: card.serial } } });
    expect(got.data).toMatchObject({ serial: card.serial, level: { name: "Silver", next: "Gold", to_next: 275 } });
  });
});

describe("the nightly re-evaluation of a rolling period", () => {
  it("moves a card down once its last twelve months fall below its level, once, with notice", async () => {
    const { token, res } = await pointsProgramme({ levels: SILVER_GOLD, level_period: "rolling_12_months" });
    const qr = await f.generateQr(token, res.body.data.business_id, { reward_id: res.body.data.id });
    const joined = await f.join(qr.qr_token);
    const serial = joined.card.serial;
    await f.staffScan(token, serial);
    expect(await levelOf(serial)).toBe("Silver");
    await notices(serial);

    // Nothing is older than a year yet: the nightly run keeps the level.
    expect((await reevaluateLevels(t.database.db, t.app.events)).moved).toBe(0);
    expect(await levelOf(serial)).toBe("Silver");

    // Thirteen months on, those earns no longer count.
    await t.query(sql`update card_events set created_at = now() - interval '13 months'
      where card_id = (select id from cards where serial = ${serial})`);
    await t.query(sql`update scans set created_at = now() - interval '13 months'
      where card_id = (select id from cards where serial = ${serial})`);
    expect((await reevaluateLevels(t.database.db, t.app.events)).moved).toBe(1);
    expect(await levelOf(serial)).toBeNull();
    expect((await reevaluateLevels(t.database.db, t.app.events)).moved).toBe(0);
    const told = await notices(serial);
    expect(told.map((n) => n.title)).toEqual(["You reached Silver", "Your level has changed"]);
    expect(told[1]!.message).toContain("200 points more brings you to Silver");
    expect((await walletCard(joined.card.serial, joined.secret)).level).toEqual({
      name: null,
      next: "Silver",
      to_next: 200,
    });
  });
});

describe("the level segment and the directory", () => {
  it("counts and lists the cards at a named level, each row with its level; the level is required", async () => {
    const { token, res } = await pointsProgramme({ levels: SILVER_GOLD });
    const qr = await f.generateQr(token, res.body.data.business_id, { reward_id: res.body.data.id });
    const silver = await f.join(qr.qr_token);
    await f.staffScan(token, silver.card.serial);
    await f.join(qr.qr_token);
    const count = await t.get<{ count: number }>("/segment-count", {
      token,
      query: { segment: "level", level: "Silver" },
    });
    expect(count.body.data).toMatchObject({ count: 1 });
    const list = await t.get<{ items: { serial: string; level: string | null }[] }>("/customer-list", {
      token,
      query: { segment: "level", level: "Silver" },
    });
    expect(list.body.data.items.map((r) => [r.serial, r.level])).toEqual([[silver.card.serial, "Silver"]]);
    const all = await t.get<{ items: { level: string | null }[] }>("/customer-list", { token });
    expect(all.body.data.items.map((r) => r.level).sort()).toEqual(["Silver", null]);
    expectInvalid(await t.get("/segment-count", { token, query: { segment: "level" } }), ["level"]);
    expectInvalid(await t.get("/segment-count", { token, query: { segment: "all", level: "Gold" } }), ["level"]);
  });
});
