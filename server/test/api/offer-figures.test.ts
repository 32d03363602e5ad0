import { sql } from "drizzle-orm";
import type { DashboardDetails } from "../../../contract/dashboard";
import type { Reward } from "../../../contract/rewards";
import { createTestApp, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";

// What the owner's offers did, on the dashboard: happy hours' extra earn in the programme's unit,
// customers per level, multipass visits sold and used; only the owner's own data counts.
jest.setTimeout(60_000);

let t: TestApp;
let f: ReturnType<typeof loyaltyFixtures>;
let programmeOf: ReturnType<typeof kindFixtures>["programmeOf"];
beforeAll(async () => {
  t = await createTestApp();
  f = loyaltyFixtures(t);
  ({ programmeOf } = kindFixtures(t, f));
});
afterAll(() => t.close());

const details = async (token: string) => {
  const res = await t.get<DashboardDetails>("/dashboard-details", { token });
  if (res.statusCode !== 200) throw new Error(res.text);
  return res.body.data;
};
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const ALL_DAY = { weekdays: ALL_WEEK, start_time: "00:00", end_time: "24:00" };

describe("promotions' extra earn", () => {
  it("counts what a happy hour added beyond the base earn, per business, in its unit", async () => {
    const p = await programmeOf({ kind: "points", points_per_visit: 10 });
    expect(await details(p.token)).toMatchObject({ promotion_extra: [] });
    const a = await f.join(p.qr.qr_token);
    // Outside any promotion: 10 points, nothing extra.
    expect((await f.staffScan(p.token, a.card.serial)).statusCode).toBe(200);
    expect(await details(p.token)).toMatchObject({ promotion_extra: [] });
    const promo = await t.post(
      "/promotion-add",
      { reward_id: p.reward.id, multiplier: "2", ...ALL_DAY },
      { token: p.token },
    );
    expect(promo.statusCode).toBe(201);
    // Twice inside it: 20 each, 10 of them extra.
    expect((await f.staffScan(p.token, a.card.serial)).statusCode).toBe(200);
    expect((await f.staffScan(p.token, a.card.serial)).statusCode).toBe(200);
    expect((await details(p.token)).promotion_extra).toEqual([
      {
        business_id: p.business.id,
        business_name: p.business.business_name,
        unit: "points",
        currency: "EUR",
        extra: 20,
      },
    ]);
    // An extra earned 40 days ago is outside the period.
    await t.query(sql`update card_events set created_at = now() - interval '40 days'
      where id = (select max(id) from card_events where business_id = ${p.business.id} and promotion_extra > 0)`);
    expect((await details(p.token)).promotion_extra[0]!.extra).toBe(10);

    // Another owner sees none of it.
    const other = await programmeOf({ kind: "points", points_per_visit: 10 });
    expect((await details(other.token)).promotion_extra).toEqual([]);
  });

  it("counts a stamp programme's bonus stamps in stamps", async () => {
    const p = await f.programme({ cooldown_minutes: 0, daily_cap: 0 });
    expect(
      (await t.post("/promotion-add", { reward_id: p.reward.id, bonus: 1, ...ALL_DAY }, { token: p.token })).statusCode,
    ).toBe(201);
    const a = await f.join(p.qr.qr_token);
    expect((await f.staffScan(p.token, a.card.serial)).statusCode).toBe(200);
    expect((await details(p.token)).promotion_extra).toEqual([
      {
        business_id: p.business.id,
        business_name: p.business.business_name,
        unit: "stamps",
        currency: expect.any(String),
        extra: 1,
      },
    ]);
  });
});

describe("customers per level", () => {
  it("counts the cards at each level of each levelled programme, the owner's only", async () => {
    const owner = await f.owner();
    const business = await f.addBusiness(owner);
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
        levels: [
          { name: "Silver", from: 200, multiplier: "1.25" },
          { name: "Gold", from: 500, multiplier: "1.5" },
        ],
      },
      { token: owner },
    );
    expect(res.statusCode).toBe(201);
    const reward = res.body.data;
    const qr = await f.generateQr(owner, business.id, { reward_id: reward.id });
    expect((await details(owner)).level_customers).toEqual([]);
    const cards = [await f.join(qr.qr_token), await f.join(qr.qr_token), await f.join(qr.qr_token)];
    // Two cards reach Silver (a join's 100 and one scan's 100), one stays below.
    for (const c of cards.slice(0, 2)) expect((await f.staffScan(owner, c.card.serial)).statusCode).toBe(200);
    expect((await details(owner)).level_customers).toEqual([
      {
        business_id: business.id,
        business_name: business.business_name,
        reward_id: reward.id,
        level: "Silver",
        customers: 2,
      },
    ]);
    const other = await f.owner();
    expect((await details(other)).level_customers).toEqual([]);
  });
});

describe("multipass visits", () => {
  it("counts the visits sold and used in 30 days, per business, the owner's only", async () => {
    const owner = await f.owner();
    const business = await f.addBusiness(owner);
    const res = await t.post<Reward>(
      "/add-reward",
      { business_id: business.id, title: "10 manicures", kind: "multipass", visits_included: 10, cooldown_minutes: 0 },
      { token: owner },
    );
    expect(res.statusCode).toBe(201);
    const qr = await f.generateQr(owner, business.id, { reward_id: res.body.data.id });
    const { card } = await f.join(qr.qr_token);
    expect((await details(owner)).multipass_visits).toEqual([]);
    expect((await t.post("/card-topup", { serial: card.serial, visits: 10 }, { token: owner })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await f.staffScan(owner, card.serial)).statusCode).toBe(200);
    expect((await details(owner)).multipass_visits).toEqual([
      { business_id: business.id, business_name: business.business_name, sold: 10, used: 3 },
    ]);
    // A stamp programme's redeems are not visits used.
    const stamps = await f.programme({ cooldown_minutes: 0 });
    expect((await details(stamps.token)).multipass_visits).toEqual([]);
    expect((await details(await f.owner())).multipass_visits).toEqual([]);
  });
});
