import { sql } from "drizzle-orm";
import type { AnalyticsSummary } from "../../../contract/analytics";
import type { Offer } from "../../../contract/offers";
import type { Paginated } from "../../../contract/pagination";
import type { Reward } from "../../../contract/rewards";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";

// What rewards cost the owner: stamp rewards, points options and offers carry a `cost` (a decimal
// of the business's currency, 0 or more, optional); analytics-summary's reward cost and outstanding
// liability follow those costs.
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

type Option = { id: number; title: string; points: number; cost: string | null };

const setCurrency = (businessId: number, currency: string | null) =>
  t.query(sql`update businesses set currency = ${currency} where id = ${businessId}`);
const offerFields = { title: "Free pastry", kind: "free_item", trigger: "manual", valid_days: 30 };
const addOffer = (token: string, businessId: number, fields: Record<string, unknown> = {}) =>
  t.post<Offer>("/offer-add", { business_id: businessId, ...offerFields, ...fields }, { token });
const addOption = (token: string, rewardId: number, fields: Record<string, unknown> = {}) =>
  t.post<Option>("/reward-option-add", { reward_id: rewardId, title: "Croissant", points: 50, ...fields }, { token });
const saveReward = (token: string, businessId: number, fields: Record<string, unknown> = {}) =>
  t.post<Reward>(
    "/add-reward",
    { business_id: businessId, title: "Free coffee", stamps_required: 5, cooldown_minutes: 0, daily_cap: 0, ...fields },
    { token },
  );
const summary = (token: string, businessId: number) =>
  t.get<AnalyticsSummary>("/analytics-summary", {
    token,
    query: { business_id: String(businessId), from: "2020-01-01", to: "2021-12-31" },
  });
/** analytics-summary over the last year (today included). */
const summaryNow = (token: string, businessId: number) => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  return t.get<AnalyticsSummary>("/analytics-summary", {
    token,
    query: { business_id: String(businessId), from, to },
  });
};
const costsOf = async (table: "rewards" | "reward_options" | "offers", businessId: number) =>
  (
    await t.query<{ cost: number | null }>(
      table === "offers"
        ? sql`select cost_minor::int as cost from offers where business_id = ${businessId} order by id`
        : sql`select cost from ${sql.identifier(table)} where business_id = ${businessId} order by id`,
    )
  ).map((row) => row.cost);

describe("a saved cost round-trips", () => {
  it("a stamp reward's cost through add-reward and reward-list; blank clears it", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await setCurrency(business.id, "EUR");
    const saved = await saveReward(token, business.id, { cost: "2.5" });
    expect(saved.statusCode).toBe(201);
    expect(saved.body.data.cost).toBe("2.50");
    const list = await t.get<Paginated<Reward>>("/reward-list", {
      token,
      query: { business_id: String(business.id) },
    });
    expect(list.body.data.items.map((r) => r.cost)).toEqual(["2.50"]);
    // A number is read as its decimal; 0 is a cost too (a reward the owner gets for free).
    expect((await saveReward(token, business.id, { id: saved.body.data.id, cost: 0 })).body.data.cost).toBe("0.00");
    expect((await saveReward(token, business.id, { id: saved.body.data.id, cost: "" })).body.data.cost).toBeNull();
    expect(await costsOf("rewards", business.id)).toEqual([null]);
  });

  it("a points programme's reward keeps no cost of its own: its options carry it", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await setCurrency(business.id, "EUR");
    const saved = await saveReward(token, business.id, {
      kind: "points",
      stamps_required: undefined,
      points_per_visit: 10,
      cost: "3.00",
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.body.data.cost).toBeNull();
    const option = await addOption(token, saved.body.data.id, { cost: "1.2" });
    expect(option.statusCode).toBe(201);
    expect(option.body.data).toMatchObject({ title: "Croissant", points: 50, cost: "1.20" });
    const free = await addOption(token, saved.body.data.id, { title: "Coffee", points: 30 });
    expect(free.body.data.cost).toBeNull();
    const list = await t.get<Paginated<Option>>("/reward-option-list", {
      token,
      query: { reward_id: String(saved.body.data.id) },
    });
    expect(list.body.data.items.map((o) => [o.title, o.cost])).toEqual([
      ["Coffee", null],
      ["Croissant", "1.20"],
    ]);
  });

  it("an offer's cost through offer-add and offer-list, in the business's currency's decimals", async () => {
    const p = await f.programme();
    await setCurrency(p.business.id, "JPY");
    const added = await addOffer(p.token, p.business.id, { cost: "300" });
    expect(added.statusCode).toBe(201);
    expect(added.body.data.cost).toBe("300");
    expect((await addOffer(p.token, p.business.id)).body.data.cost).toBeNull();
    const list = await t.get<Paginated<Offer>>("/offer-list", {
      token: p.token,
      query: { business_id: String(p.business.id) },
    });
    expect(list.body.data.items.map((o) => o.cost).sort()).toEqual(["300", null]);
  });
});

describe("a bad cost is refused and writes nothing", () => {
  const bad: [string, unknown][] = [
    ["negative", "-1"],
    ["not a number", "two euros"],
    ["a number below 0", -0.5],
    ["finer than the currency", "1.234"],
    ["too large", "1000000.01"],
  ];

  it.each(bad)("%s: add-reward, reward-option-add and offer-add answer 422 on cost", async (_name, cost) => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await setCurrency(business.id, "EUR");
    const stamps = await saveReward(token, business.id, { cost: "1.00" });
    const points = await k.programmeOf({ kind: "points", points_per_visit: 10 });

    expectInvalid(await saveReward(token, business.id, { cost }), ["cost"]);
    expectInvalid(await saveReward(token, business.id, { id: stamps.body.data.id, title: "Changed", cost }), ["cost"]);
    expectInvalid(await addOption(points.token, points.reward.id, { cost }), ["cost"]);
    expectInvalid(await addOffer(token, business.id, { cost }), ["cost"]);

    const rewards = await t.query<{ title: string; cost: number | null }>(
      sql`select title, cost from rewards where business_id = ${business.id}`,
    );
    expect(rewards).toEqual([{ title: "Free coffee", cost: 100 }]);
    expect(await costsOf("reward_options", points.business.id)).toEqual([]);
    expect(await costsOf("offers", business.id)).toEqual([]);
  });

  it("the largest cost fits in every currency's minor units", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await setCurrency(business.id, "KWD");
    const saved = await saveReward(token, business.id, { cost: "1000000" });
    expect(saved.statusCode).toBe(201);
    expect(saved.body.data.cost).toBe("1000000.000");
    const offer = await addOffer(token, business.id, { cost: "999999.999" });
    expect(offer.body.data.cost).toBe("999999.999");
  });

  it("a cost needs the business's currency first", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await setCurrency(business.id, null);
    const res = await saveReward(token, business.id, { cost: "1.00" });
    expectInvalid(res, ["cost"]);
    expect(res.body.errors?.cost).toEqual(["Set the business's currency before entering amounts."]);
    expectInvalid(await addOffer(token, business.id, { cost: "1.00" }), ["cost"]);
    expect(await costsOf("rewards", business.id)).toEqual([]);
    expect(await costsOf("offers", business.id)).toEqual([]);
    // Without a cost, nothing needs a currency.
    expect((await saveReward(token, business.id)).statusCode).toBe(201);
  });

  it("another owner's reward takes no option, whatever its cost", async () => {
    const points = await k.programmeOf({ kind: "points", points_per_visit: 10 });
    const other = await f.owner();
    expectError(await addOption(other, points.reward.id, { cost: "1.00" }), 404);
  });
});

describe("analytics-summary follows the costs", () => {
  it("a stamp reward redeemed and an offer's vouchers: reward cost and liability", async () => {
    const token = await f.owner();
    const business = await f.addBusiness(token);
    await setCurrency(business.id, "EUR");
    const reward = (await saveReward(token, business.id, { stamps_required: 2, cost: "2.50" })).body.data;
    const qr = await f.generateQr(token, business.id, { reward_id: reward.id });
    const [a, b] = [await f.join(qr.qr_token), await f.join(qr.qr_token)];
    const offer = (await addOffer(token, business.id, { cost: "1.50" })).body.data;
    const noCost = (await addOffer(token, business.id, { title: "A smile" })).body.data;

    const before = (await summaryNow(token, business.id)).body.data;
    expect(before).toMatchObject({ reward_cost: "0.00", outstanding_liability: "0.00" });

    // Two vouchers of the costed offer and one of the other issued: all unused, all owed.
    const issue = async (offerId: number, serial: string) => {
      const res = await t.post<{ code: string }>("/voucher-issue", { offer_id: offerId, serial }, { token });
      expect(res.statusCode).toBe(201);
      return res.body.data.code;
    };
    const first = await issue(offer.id, a.card.serial);
    await issue(offer.id, b.card.serial);
    await issue(noCost.id, a.card.serial);
    expect((await summaryNow(token, business.id)).body.data).toMatchObject({
      reward_cost: "0.00",
      outstanding_liability: "3.00",
    });

    // One voucher redeemed: its cost moves from the liability to the reward cost; the stamp card's
    // reward, taken at the scanner once reached, costs the reward's cost.
    expect((await t.post("/voucher-redeem", { code: first }, { token })).statusCode).toBe(200);
    await t.query(sql`update cards set stamps = 2 where serial = ${a.card.serial}`);
    expect((await f.staffScan(token, a.card.serial)).statusCode).toBe(200);
    expect((await summaryNow(token, business.id)).body.data).toMatchObject({
      redemptions: 1,
      reward_cost: "4.00",
      outstanding_liability: "1.50",
    });

    // An expired voucher is owed no more; an earlier period saw none of it.
    await t.query(
      sql`update vouchers set expires_at = now() - interval '1 minute' where redeemed_at is null and offer_id = ${offer.id}`,
    );
    expect((await summaryNow(token, business.id)).body.data.outstanding_liability).toBe("0.00");
    expect((await summary(token, business.id)).body.data.reward_cost).toBe("0.00");
  });

  it("points: the redeemed option's cost, and the balance at the cheapest option's cost per point", async () => {
    const p = await k.programmeOf({ kind: "points", points_per_visit: 10 });
    const lunch = (await addOption(p.token, p.reward.id, { title: "Free lunch", points: 100, cost: "6.00" })).body.data;
    const joined = await f.join(p.qr.qr_token);
    await t.query(sql`update cards set stamps = 300 where serial = ${joined.card.serial}`);
    const redeemed = await t.post(
      "/card-redeem",
      { serial: joined.card.serial, option_id: lunch.id },
      { token: p.token },
    );
    expect(redeemed.statusCode).toBe(200);
    // 200 points left at 6.00 per 100.
    expect((await summaryNow(p.token, p.business.id)).body.data).toMatchObject({
      reward_cost: "6.00",
      outstanding_liability: "12.00",
    });
    // A cheaper option per point (2.00 for 50 points: 0.04 a point) makes the points owed cheaper.
    await addOption(p.token, p.reward.id, { title: "Coffee", points: 50, cost: "2" });
    expect((await summaryNow(p.token, p.business.id)).body.data).toMatchObject({
      reward_cost: "6.00",
      outstanding_liability: "8.00",
    });
  });
});
