import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Business } from "../../../contract/business";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Paginated } from "../../../contract/pagination";
import type { Reward, RewardOption } from "../../../contract/rewards";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { multipart } from "../helpers/dashboard";
import { loyaltyFixtures } from "../helpers/loyalty";

// Programmes beyond stamps: add-reward per kind, the points catalogue, the business's
// currency and the dashboard's programme figures.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
});
afterAll(() => t.close());

const POINTS = { title: "Points", kind: "points", points_per_visit: 5, points_per_unit: 1 };
const CASHBACK = { title: "Cashback", kind: "cashback", cashback_percent: "2.5" };

const rewardRow = async (id: number) =>
  (
    await t.query<{ kind: string; stamps_required: number; cashback_basis_points: number; cashback_tiers: unknown }>(
      sql`select kind, stamps_required, cashback_basis_points, cashback_tiers from rewards where id = ${id}`,
    )
  )[0]!;
const count = async (table: string, where = sql`true`) =>
  (await t.query<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n;

describe("add-reward per kind", () => {
  it("stores and answers a stamps, a points and a cashback programme", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const stamps = await f.addReward(token, business.id);
    expect(stamps).toMatchObject({
      kind: "stamps",
      stamps_required: 5,
      points_per_visit: 0,
      cashback_percent: null,
      tiers: [],
      referral_bonus: 1,
      referral_friend_bonus: null,
      referral_trigger: "first_visit",
      currency: "GBP",
    });

    const points = await f.addReward(token, business.id, { ...POINTS, stamps_required: 9, expire_after_days: 180 });
    expect(points).toMatchObject({
      kind: "points",
      stamps_required: 0,
      points_per_visit: 5,
      points_per_unit: "1",
      cashback_percent: null,
      expire_after_days: 180,
      referral_bonus: 10,
      currency: "GBP",
    });
    expect(await rewardRow(points.id)).toMatchObject({ kind: "points", stamps_required: 0 });

    const cashback = await f.addReward(token, business.id, {
      ...CASHBACK,
      tiers: [
        { from_amount: "100", percent: 5 },
        { from_amount: "250.5", percent: "7.5" },
      ],
    });
    expect(cashback).toMatchObject({
      kind: "cashback",
      stamps_required: 0,
      cashback_percent: "2.5",
      tiers: [
        { from_amount: "100.00", percent: "5" },
        { from_amount: "250.50", percent: "7.5" },
      ],
      // A cashback programme's bonus is money in the business's currency (none by default).
      referral_bonus: "0.00",
      expire_after_days: null,
    });
    expect(await rewardRow(cashback.id)).toEqual({
      kind: "cashback",
      stamps_required: 0,
      cashback_basis_points: 250,
      cashback_tiers: [
        { fromMinor: 10_000, basisPoints: 500 },
        { fromMinor: 25_050, basisPoints: 750 },
      ],
    });

    // An owner's bonus is the one in force; 0 turns it off.
    const off = await f.addReward(token, business.id, { ...POINTS, title: "No bonus", referral_bonus: 0 });
    expect(off.referral_bonus).toBe(0);
    const list = await t.get<Paginated<Reward>>("/reward-list", { token });
    expect(list.body.data.items.map((r) => [r.title, r.kind, r.referral_bonus])).toEqual([
      ["No bonus", "points", 0],
      ["Cashback", "cashback", "0.00"],
      ["Points", "points", 10],
      ["Free coffee", "stamps", 1],
    ]);
    expect(list.body.data.items[1]).toEqual(cashback);
  });

  it("refuses bad programmes with a 422 on the field and writes nothing", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const before = await count("rewards");
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "x", kind: "cashback" }, "cashback_percent"],
      [{ title: "x", kind: "points" }, "points_per_unit"],
      [{ ...CASHBACK, cashback_percent: "0" }, "cashback_percent"],
      [{ ...CASHBACK, cashback_percent: "2.555" }, "cashback_percent"],
      [
        {
          ...CASHBACK,
          tiers: [
            { from_amount: "200", percent: 5 },
            { from_amount: "100", percent: 7 },
          ],
        },
        "tiers.1.from_amount",
      ],
      [
        {
          ...CASHBACK,
          tiers: [
            { from_amount: "100", percent: 5 },
            { from_amount: "100.00", percent: 7 },
          ],
        },
        "tiers.1.from_amount",
      ],
      [{ ...CASHBACK, tiers: [{ from_amount: "10.555", percent: 5 }] }, "tiers.0.from_amount"],
      [{ ...CASHBACK, tiers: [{ from_amount: "-5", percent: 5 }] }, "tiers.0.from_amount"],
      [{ ...CASHBACK, expire_after_days: 30 }, "expire_after_days"],
      [{ ...CASHBACK, referral_bonus: "2.555" }, "referral_bonus"],
      [{ ...CASHBACK, referral_friend_bonus: "-1" }, "referral_friend_bonus"],
      [{ ...POINTS, referral_bonus: "2.5" }, "referral_bonus"],
      [{ ...POINTS, referral_friend_bonus: 1001 }, "referral_friend_bonus"],
      [{ ...POINTS, referral_trigger: "first_stamp" }, "referral_trigger"],
      [{ title: "x", stamps_required: 5, tiers: [{ from_amount: "100", percent: 5 }] }, "tiers"],
      [{ title: "x", kind: "coins" }, "kind"],
    ];
    for (const [fields, field] of cases) {
      const res = await t.post("/add-reward", { business_id: business.id, ...fields }, { token });
      expect({ fields, status: res.statusCode, errors: Object.keys(res.body.errors ?? {}) }).toEqual({
        fields,
        status: 422,
        errors: expect.arrayContaining([field]),
      });
    }
    expect(await count("rewards")).toBe(before);
  });

  it("needs the business's currency before a points or cashback programme", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await t.query(sql`update businesses set currency = null where id = ${business.id}`);
    for (const kind of [POINTS, CASHBACK]) {
      const res = await t.post("/add-reward", { business_id: business.id, ...kind }, { token });
      expectInvalid(res, ["business_id"]);
      expect(res.body.errors!.business_id).toEqual(["Set the business's currency first."]);
    }
    expect(await count("rewards", sql`business_id = ${business.id}`)).toBe(0);
    // Stamps need no currency.
    expect((await f.addReward(token, business.id)).currency).toBeNull();
  });

  it("changes a reward's kind only while it has no cards", async () => {
    const { token, business, reward, qr } = await f.programme();
    const edit = (fields: Record<string, unknown>) =>
      t.post("/add-reward", { id: reward.id, business_id: business.id, ...fields }, { token });
    const points = await edit(POINTS);
    expect(points.statusCode).toBe(200);
    expect(points.body.data).toMatchObject({ kind: "points", stamps_required: 0, points_per_visit: 5 });
    await f.join(qr.qr_token);

    const res = await edit({ title: "Back to stamps", stamps_required: 8 });
    expectInvalid(res, ["kind"]);
    expectInvalid(await edit(CASHBACK), ["kind"]);
    expect(await rewardRow(reward.id)).toMatchObject({ kind: "points", stamps_required: 0 });
    // The same kind still edits.
    const same = await edit({ ...POINTS, title: "Points", points_per_visit: 7 });
    expect(same.body.data).toMatchObject({ title: "Points", kind: "points", points_per_visit: 7 });
  });
});

describe("reward options", () => {
  it("adds, lists (owner and staff, cheapest first, paged) and retires a points reward's options", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const reward = await f.addReward(token, business.id, POINTS);
    const add = (fields: Record<string, unknown>, as = token) =>
      t.post<RewardOption>("/reward-option-add", { reward_id: reward.id, ...fields }, { token: as });
    const lunch = await add({ title: "Free lunch", points: 400 });
    expect(lunch.statusCode).toBe(201);
    expect(lunch.body.data).toEqual({
      id: expect.any(Number),
      reward_id: reward.id,
      title: "Free lunch",
      points: 400,
      cost: null,
      created_at: expect.any(String),
    });
    const croissant = (await add({ title: "Croissant", points: 50 })).body.data;
    await add({ title: "Coffee", points: 120 });

    const list = (as: string, query: Record<string, string> = {}) =>
      t.get<Paginated<RewardOption>>("/reward-option-list", {
        token: as,
        query: { reward_id: String(reward.id), ...query },
      });
    const mine = await list(token);
    expect(mine.body.data.items.map((o) => [o.title, o.points])).toEqual([
      ["Croissant", 50],
      ["Coffee", 120],
      ["Free lunch", 400],
    ]);
    const ownerId = (await t.query<{ user_id: number }>(sql`select user_id from rewards where id = ${reward.id}`))[0]!
      .user_id;
    const staff = await t.tokenFor((await t.createUser({ role: "staff", ownerId })).id);
    const page = await list(staff, { per_page: "2", page: "2" });
    expect(page.body.data).toMatchObject({ total: 3, last_page: 2, items: [{ title: "Free lunch" }] });
    // Staff read the catalogue; only the owner changes it.
    expectError(await add({ title: "Tea", points: 80 }, staff), 403);
    expectError(await t.post("/reward-option-delete", { id: croissant.id }, { token: staff }), 403);

    const deleted = await t.post("/reward-option-delete", { id: croissant.id }, { token });
    expect(deleted.statusCode).toBe(200);
    expect((await list(token)).body.data.items.map((o) => o.title)).toEqual(["Coffee", "Free lunch"]);
    // Retired, not deleted: redeems that bought it keep naming it.
    expect(await count("reward_options", sql`id = ${croissant.id} and not active`)).toBe(1);
    expectError(await t.post("/reward-option-delete", { id: croissant.id }, { token }), 404);
  });

  it("refuses options of other programmes, bad input, and another owner's reward or option", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    const points = await f.addReward(token, business.id, POINTS);
    const stamps = await f.addReward(token, business.id);
    const cashback = await f.addReward(token, business.id, CASHBACK);
    const retired = await f.addReward(token, business.id, { ...POINTS, title: "Old points" });
    await t.post("/remove-reward", { id: retired.id }, { token });
    const option = (
      await t.post<RewardOption>(
        "/reward-option-add",
        { reward_id: points.id, title: "Croissant", points: 50 },
        { token },
      )
    ).body.data;

    const other = await f.owner();
    const before = await count("reward_options");
    for (const [body, field, as] of [
      [{ reward_id: stamps.id, title: "x", points: 10 }, "reward_id", token],
      [{ reward_id: cashback.id, title: "x", points: 10 }, "reward_id", token],
      [{ reward_id: retired.id, title: "x", points: 10 }, "reward_id", token],
      [{ reward_id: points.id, title: "x", points: 0 }, "points", token],
      [{ reward_id: points.id, title: "x", points: 2.5 }, "points", token],
      [{ reward_id: points.id, title: "", points: 10 }, "title", token],
    ] as const) {
      expectInvalid(await t.post("/reward-option-add", body, { token: as }), [field]);
    }
    expect(await count("reward_options")).toBe(before);
    // Another owner's reward is not found (as every other owner's row), and gets nothing.
    expectError(
      await t.post("/reward-option-add", { reward_id: points.id, title: "x", points: 10 }, { token: other }),
      404,
    );
    expect(await count("reward_options")).toBe(before);

    expectError(await t.get("/reward-option-list", { token: other, query: { reward_id: String(points.id) } }), 404);
    expectError(await t.post("/reward-option-delete", { id: option.id }, { token: other }), 404);
    expect(await count("reward_options", sql`id = ${option.id} and active`)).toBe(1);
  });
});

describe("business currency", () => {
  const addBusiness = async (token: string, fields: Record<string, string>) =>
    t.post<Business>("/add-business", undefined, {
      token,
      ...(await multipart({
        business_name: "Corner Shop",
        address: "1 Main Street",
        business_category: "Bakery",
        state: "State",
        city: "City",
        zip_code: "12345",
        country_name: "United Kingdom",
        ...fields,
      })),
    });

  it("defaults from the country, takes an ISO 4217 code, and keeps its own on an edit", async () => {
    const token = await f.owner();
    expect((await addBusiness(token, {})).body.data.currency).toBe("GBP");
    expect((await addBusiness(token, { country_name: "france" })).body.data.currency).toBe("EUR");
    expect((await addBusiness(token, { country_name: "Japan" })).body.data.currency).toBe("JPY");
    const chosen = await addBusiness(token, { country_name: "France", currency: " usd " });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.body.data.currency).toBe("USD");
    const id = String(chosen.body.data.id);
    // An edit without a currency keeps the owner's choice (not the country's), one with a currency sets it.
    expect((await addBusiness(token, { id, country_name: "Germany" })).body.data.currency).toBe("USD");
    expect((await addBusiness(token, { id, currency: "CHF" })).body.data.currency).toBe("CHF");
    const list = await t.get<Paginated<Business>>("/business-list", { token });
    expect(list.body.data.items.map((b) => b.currency)).toEqual(["CHF", "JPY", "EUR", "GBP"]);
  });

  it("refuses a code that is not a currency, and writes nothing", async () => {
    const token = await f.owner();
    for (const currency of ["XYZ", "EURO", "12", "€"]) {
      expectInvalid(await addBusiness(token, { currency }), ["currency"]);
    }
    expect(await count("businesses", sql`business_name = 'Corner Shop' and currency is null`)).toBe(0);
    expect((await t.get<Paginated<Business>>("/business-list", { token })).body.data.total).toBe(0);
  });

  it("does not change while a points or cashback programme counts in it", async () => {
    const token = await f.owner();
    const business = (await addBusiness(token, {})).body.data;
    const id = String(business.id);
    const points = await f.addReward(token, business.id, POINTS);
    const res = await addBusiness(token, { id, currency: "EUR" });
    expectInvalid(res, ["currency"]);
    expect((await t.get<Paginated<Business>>("/business-list", { token })).body.data.items[0]!.currency).toBe("GBP");
    // Retired and without cards, it counts in nothing any more.
    await t.post("/remove-reward", { id: points.id }, { token });
    expect((await addBusiness(token, { id, currency: "EUR" })).body.data.currency).toBe("EUR");
  });

  it("migration 0020 gives existing businesses their country's currency, and leaves a chosen one", async () => {
    const token = await f.owner();
    const uk = (await addBusiness(token, {})).body.data;
    const fr = (await addBusiness(token, { country_name: "France" })).body.data;
    const chosen = (await addBusiness(token, { currency: "USD" })).body.data;
    await t.query(sql`update businesses set currency = null where id in (${uk.id}, ${fr.id})`);
    const migration = readFileSync(join(__dirname, "../../migrations/0020_currency-from-country.sql"), "utf8");
    await t.query(sql.raw(migration));
    const rows = await t.query<{ id: number; currency: string }>(
      sql`select id, currency from businesses where id in (${uk.id}, ${fr.id}, ${chosen.id}) order by id`,
    );
    expect(rows).toEqual([
      { id: uk.id, currency: "GBP" },
      { id: fr.id, currency: "EUR" },
      { id: chosen.id, currency: "USD" },
    ]);
  });
});

describe("dashboard programme figures", () => {
  /** A card straight in the database: the figures read balances and history, not how they came. */
  const card = async (businessId: number, rewardId: number, balance: number) => {
    const { id: customerId, user_id: ownerId } = (
      await t.query<{ id: number; user_id: number }>(sql`insert into customers (user_id, name, email)
        select user_id, 'Kim', 'kim-' || gen_random_uuid() || '@example.com' from businesses where id = ${businessId}
        returning id, user_id`)
    )[0]!;
    return (
      await t.query<{ id: number; user_id: number }>(sql`
        insert into cards (user_id, business_id, customer_id, reward_id, serial, stamps)
        values (${ownerId}, ${businessId}, ${customerId}, ${rewardId}, 'T-' || gen_random_uuid(), ${balance})
        returning id, user_id`)
    )[0]!;
  };

  it("counts points issued and redeemed, cashback owed per currency and referrals", async () => {
    const token = await f.owner();
    const kpis = async () => (await t.get<DashboardDetails>("/dashboard-details", { token })).body.data;
    expect(await kpis()).toMatchObject({ points_issued: 0, points_redeemed: 0, cashback_owed: [], referrals: 0 });

    const business = await f.addBusiness(token);
    const points = await f.addReward(token, business.id, POINTS);
    const { id: cardId, user_id: ownerId } = await card(business.id, points.id, 0);
    // The history as the engine writes it; only points count, and only earns and redeems.
    const events: [string, number, string][] = [
      ["join", 5, "points"],
      ["stamp", 12, "points"],
      ["referral", 10, "points"],
      ["adjust", 3, "points"],
      ["adjust", -2, "points"],
      ["redeem", -20, "points"],
      ["expire", -4, "points"],
      ["stamp", 1, "stamps"],
      ["redeem", -8, "stamps"],
      ["flag", 0, "points"],
    ];
    for (const [kind, delta, unit] of events) {
      await t.query(sql`insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit)
        values (${ownerId}, ${business.id}, ${cardId}, ${kind}, ${delta}, 0, ${unit})`);
    }
    // Several rows in one statement (a bulk load, a seed) count like one at a time.
    await t.query(sql`insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit)
      values (${ownerId}, ${business.id}, ${cardId}, 'redeem', -4, 0, 'points'),
        (${ownerId}, ${business.id}, ${cardId}, 'stamp', 0, 0, 'points')`);

    // Cashback in two currencies: a UK business (GBP) and a French one (EUR).
    const cashbackCards = async (country: Record<string, string>, balances: number[]) => {
      const shop = await f.addBusiness(token, { business_name: `Shop ${balances[0]}`, ...country });
      const cashback = await f.addReward(token, shop.id, CASHBACK);
      for (const balance of balances) await card(shop.id, cashback.id, balance);
    };
    await cashbackCards({}, [460, 1000, 0]);
    await cashbackCards({ country_name: "France", state: "Île-de-France", city: "Paris", zip_code: "75001" }, [250]);
    await t.query(sql`update cards set referral_rewarded_at = now() where id = ${cardId}`);

    // Another owner's programme changes nothing here.
    const other = await f.programme(POINTS);
    const theirs = await card(other.business.id, other.reward.id, 99);
    await t.query(sql`update cards set referral_rewarded_at = now() where id = ${theirs.id}`);
    await t.query(sql`insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit)
      values (${theirs.user_id}, ${other.business.id}, ${theirs.id}, 'stamp', 99, 99, 'points')`);

    expect(await kpis()).toMatchObject({
      points_issued: 30,
      points_redeemed: 24,
      cashback_owed: [
        { currency: "GBP", amount: "14.60" },
        { currency: "EUR", amount: "2.50" },
      ],
      referrals: 1,
    });
    // A staff member sees their owner's figures.
    const staff = await t.tokenFor((await t.createUser({ role: "staff", ownerId })).id);
    const seen = await t.get<DashboardDetails>("/dashboard-details", { token: staff });
    expect(seen.body.data).toMatchObject({ points_issued: 30, points_redeemed: 24, referrals: 1 });
  });
});
