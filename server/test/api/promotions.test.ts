import { sql } from "drizzle-orm";
import type { Promotion } from "../../../contract/promotions";
import { CARD_SECRETS_HEADER, type ScanResult, type WalletCard } from "../../../contract/wallet";
import { featureNotInPlan } from "../../../contract/plan-features";
import { createTestApp, expectError, expectInvalid, type TestApp } from "../helpers/app";
import { kindFixtures } from "../helpers/kinds";
import { loyaltyFixtures } from "../helpers/loyalty";

// Happy hours: promotion-add/list/delete, and the earn inside a window (the business's time zone)
// getting the one promotion that earns the most, named in the card's history.
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

// Kiritimati (UTC+14) and Pago Pago (UTC−11) are always on different days.
const EAST = "Pacific/Kiritimati";
const WEST = "Pacific/Pago_Pago";
const weekdayIn = async (zone: string) =>
  (await t.query<{ d: number }>(sql`select extract(dow from now() at time zone ${zone})::int as d`))[0]!.d;

const ALL_DAY = { start_time: "00:00", end_time: "24:00" };

const add = (token: string, body: Record<string, unknown>) => t.post<Promotion>("/promotion-add", body, { token });
const scan = (token: string, serial: string) => t.post<ScanResult>("/qr-code-scanner", { code: serial }, { token });
const lastEvent = async (serial: string) =>
  (
    await t.query<{ delta: number; reason: string | null }>(
      sql`select e.delta, e.reason from card_events e join cards c on c.id = e.card_id
          where c.serial = ${serial} order by e.id desc limit 1`,
    )
  )[0]!;

/** A points programme (10 points a visit) at a business in `zone`, and a customer's card. */
async function pointsCard(zone = EAST) {
  const p = await programmeOf({ kind: "points", points_per_visit: 10 });
  await t.query(sql`update businesses set time_zone = ${zone} where id = ${p.business.id}`);
  const joined = await f.join(p.qr.qr_token);
  return { ...p, serial: joined.card.serial, secret: joined.secret };
}

describe("promotion-add, -list, -delete", () => {
  it("adds, lists and deletes an owner's happy hours; another owner's are 404", async () => {
    const { token, reward } = await pointsCard();
    const res = await add(token, {
      reward_id: reward.id,
      multiplier: "2",
      weekdays: [2, 2, 4],
      start_time: "16:00",
      end_time: "18:00",
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      reward_id: reward.id,
      multiplier: "2",
      bonus: null,
      weekdays: [2, 4],
      start_time: "16:00",
      end_time: "18:00",
      starts_on: null,
      ends_on: null,
    });
    const list = await t.get<{ items: Promotion[] }>("/promotion-list", { token });
    expect(list.body.data.items.map((p) => p.id)).toEqual([res.body.data.id]);

    const other = await f.owner();
    expectError(await t.post("/promotion-delete", { id: res.body.data.id }, { token: other }), 404);
    expectError(await add(other, { reward_id: reward.id, bonus: 1, weekdays: [1], ...ALL_DAY }), 404);
    expect((await t.get<{ items: Promotion[] }>("/promotion-list", { token: other })).body.data.items).toEqual([]);

    expect((await t.post("/promotion-delete", { id: res.body.data.id }, { token })).statusCode).toBe(200);
    expect((await t.get<{ items: Promotion[] }>("/promotion-list", { token })).body.data.items).toEqual([]);
    expectError(await t.post("/promotion-delete", { id: res.body.data.id }, { token }), 404);
  });

  it("is the owner's alone: their staff are refused and signed out is 401, and neither writes", async () => {
    const { token, reward } = await pointsCard();
    const [owner] = await t.query<{ id: number }>(sql`select user_id as id from rewards where id = ${reward.id}`);
    const staff = await t.tokenFor((await t.createUser({ role: "staff", ownerId: owner!.id })).id);
    const body = { reward_id: reward.id, bonus: 1, weekdays: [1], ...ALL_DAY };
    const made = await add(token, body);
    expectError(await add(staff, body), 403);
    expectError(await t.post("/promotion-delete", { id: made.body.data.id }, { token: staff }), 403);
    expectError(await t.get("/promotion-list", { token: staff }), 403);
    expect((await t.post("/promotion-add", body)).statusCode).toBe(401);
    expect((await t.post("/promotion-delete", { id: made.body.data.id })).statusCode).toBe(401);
    expect((await t.get<{ items: Promotion[] }>("/promotion-list", { token })).body.data.items).toHaveLength(1);
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const { token, reward } = await pointsCard();
    const base = { reward_id: reward.id, multiplier: "2", weekdays: [1], start_time: "16:00", end_time: "18:00" };
    expectInvalid(await add(token, { ...base, multiplier: "1.2" }), ["multiplier"]);
    expectInvalid(await add(token, { ...base, multiplier: "5.5" }), ["multiplier"]);
    expectInvalid(await add(token, { ...base, multiplier: undefined }), ["multiplier"]);
    expectInvalid(await add(token, { ...base, weekdays: [] }), ["weekdays"]);
    expectInvalid(await add(token, { ...base, weekdays: [7] }), ["weekdays.0"]);
    expectInvalid(await add(token, { ...base, start_time: "4pm" }), ["start_time"]);
    expectInvalid(await add(token, { ...base, end_time: "15:00" }), ["end_time"]);
    expectInvalid(await add(token, { ...base, starts_on: "2026-05-02", ends_on: "2026-05-01" }), ["ends_on"]);
    expectInvalid(await add(token, { ...base, bonus: 0 }), ["bonus"]);
    expect((await t.get<{ items: Promotion[] }>("/promotion-list", { token })).body.data.items).toEqual([]);
  });

  it("holds the owner's cap of happy hours, even under concurrent adds", async () => {
    const { token, reward } = await pointsCard();
    await t.query(sql`insert into promotions (user_id, business_id, reward_id, bonus, weekdays, start_time, end_time)
      select user_id, business_id, id, 1, '{1}', '16:00', '18:00' from rewards, generate_series(1, 98)
      where id = ${reward.id}`);
    const body = { reward_id: reward.id, bonus: 1, weekdays: [1], start_time: "16:00", end_time: "18:00" };
    const answers = await Promise.all([1, 2, 3, 4].map(() => add(token, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.body.errors).toEqual({
      reward_id: ["You have 100 happy hours, the most there may be: delete one first."],
    });
    expect((await t.get<{ items: Promotion[] }>("/promotion-list", { token })).body.data.items).toHaveLength(100);
  });

  it("refuses a multiplier on a stamp programme, but takes a bonus of stamps", async () => {
    const { token, business, reward, qr } = await f.programme({ stamps_required: 10, cooldown_minutes: 0 });
    await t.query(sql`update businesses set time_zone = ${EAST} where id = ${business.id}`);
    const refused = await add(token, { reward_id: reward.id, multiplier: "2", weekdays: [0], ...ALL_DAY });
    expectInvalid(refused, ["multiplier"]);
    const today = await weekdayIn(EAST);
    expect((await add(token, { reward_id: reward.id, bonus: 1, weekdays: [today], ...ALL_DAY })).statusCode).toBe(201);
    const { card } = await f.join(qr.qr_token);
    const res = await scan(token, card.serial);
    expect(res.body.data).toMatchObject({ stamps: 3 });
    expect(await lastEvent(card.serial)).toEqual({ delta: 2, reason: "Happy hour 00:00–24:00 +1" });
  });

  it("refuses a happy hour on prepaid visits, which are used, never earned", async () => {
    const { token, business } = await f.programme({ stamps_required: 10, cooldown_minutes: 0 });
    const pass = await t.post<{ id: number }>(
      "/add-reward",
      { business_id: business.id, title: "10 manicures", kind: "multipass", visits_included: 10, cooldown_minutes: 0 },
      { token },
    );
    expect(pass.statusCode).toBe(201);
    const before = await t.query<{ n: number }>(sql`select count(*)::int as n from promotions`);
    const refused = await add(token, { reward_id: pass.body.data.id, bonus: 1, weekdays: [0], ...ALL_DAY });
    expectInvalid(refused, ["reward_id"]);
    expect(refused.body.code).toBe("promotion_not_for_programme");
    expect(await t.query<{ n: number }>(sql`select count(*)::int as n from promotions`)).toEqual(before);
  });

  it("is a Growth feature: a Starter owner is refused and nothing is written", async () => {
    const user = await t.createUser({ plan: "Starter" });
    const token = await t.tokenFor(user.id);
    const business = await f.addBusiness(token);
    const reward = await f.addReward(token, business.id);
    const res = await add(token, { reward_id: reward.id, bonus: 1, weekdays: [1], ...ALL_DAY });
    expectError(res, 403, featureNotInPlan("Starter", "happy-hours"));
    expect((await t.get<{ items: Promotion[] }>("/promotion-list", { token })).body.data.items).toEqual([]);
  });
});

describe("an earn in a happy hour", () => {
  it("is boosted inside the window of the business's own day, not outside it", async () => {
    const { token, reward, serial } = await pointsCard(EAST);
    // Today in Pago Pago is never today in Kiritimati: that promotion is outside its window.
    await add(token, { reward_id: reward.id, multiplier: "3", weekdays: [await weekdayIn(WEST)], ...ALL_DAY });
    await scan(token, serial);
    expect(await lastEvent(serial)).toEqual({ delta: 10, reason: null });
    await add(token, { reward_id: reward.id, multiplier: "2", weekdays: [await weekdayIn(EAST)], ...ALL_DAY });
    await scan(token, serial);
    expect(await lastEvent(serial)).toEqual({ delta: 20, reason: "Happy hour 00:00–24:00 ×2" });
  });

  it("is outside a promotion whose last day was yesterday", async () => {
    const { token, reward, serial } = await pointsCard(EAST);
    const today = await weekdayIn(EAST);
    const [{ d: date }] = (await t.query<{ d: string }>(
      sql`select ((now() at time zone ${EAST})::date - 1)::text as d`,
    )) as [{ d: string }];
    await add(token, { reward_id: reward.id, multiplier: "2", weekdays: [today], ...ALL_DAY, ends_on: date });
    await scan(token, serial);
    expect(await lastEvent(serial)).toEqual({ delta: 10, reason: null });
  });

  it("gets the one promotion that earns the most, never two stacked", async () => {
    const { token, reward, serial } = await pointsCard(EAST);
    const today = await weekdayIn(EAST);
    await add(token, { reward_id: reward.id, multiplier: "2", weekdays: [today], ...ALL_DAY });
    await add(token, { reward_id: reward.id, bonus: 5, weekdays: [today], ...ALL_DAY });
    await scan(token, serial);
    expect(await lastEvent(serial)).toEqual({ delta: 20, reason: "Happy hour 00:00–24:00 ×2" });
    await add(token, { reward_id: reward.id, multiplier: "1.5", bonus: 15, weekdays: [today], ...ALL_DAY });
    await scan(token, serial);
    expect(await lastEvent(serial)).toEqual({ delta: 30, reason: "Happy hour 00:00–24:00 ×1.5 +15" });
  });

  it("boosts only the reward it belongs to", async () => {
    const a = await pointsCard(EAST);
    const b = await pointsCard(EAST);
    await add(a.token, { reward_id: a.reward.id, multiplier: "2", weekdays: [await weekdayIn(EAST)], ...ALL_DAY });
    await scan(b.token, b.serial);
    expect(await lastEvent(b.serial)).toEqual({ delta: 10, reason: null });
  });
});

describe("wallet-card", () => {
  it("answers the card's happy hours today in the business's own day, earliest first", async () => {
    const { token, reward, qr, secret } = await pointsCard(EAST);
    const today = await weekdayIn(EAST);
    await add(token, { reward_id: reward.id, bonus: 5, weekdays: [today], start_time: "18:00", end_time: "20:00" });
    await add(token, {
      reward_id: reward.id,
      multiplier: "2",
      weekdays: [today],
      start_time: "16:00",
      end_time: "18:00",
    });
    // Not today there, though it may be today in UTC.
    await add(token, { reward_id: reward.id, multiplier: "3", weekdays: [await weekdayIn(WEST)], ...ALL_DAY });
    const card = await t.get<WalletCard>("/wallet-card", {
      query: { qr_token: qr.qr_token },
      headers: { [CARD_SECRETS_HEADER]: secret },
    });
    expect(card.body.data.promotions_today).toEqual([
      { multiplier: "2", bonus: null, start_time: "16:00", end_time: "18:00" },
      { multiplier: null, bonus: 5, start_time: "18:00", end_time: "20:00" },
    ]);
  });
});
