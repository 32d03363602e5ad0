import type { DashboardDetails } from "../../../contract/dashboard";
import type { Offer } from "../../../contract/offers";
import type { Paginated } from "../../../contract/pagination";
import type { Promotion } from "../../../contract/promotions";
import type { Reward } from "../../../contract/rewards";
import { DEMO_USER, seed } from "../../src/seed";
import { createTestApp, type TestApp } from "../helpers/app";

// The demo's offers as the demo owner's dashboard and lists answer them after the seed: Demo Café's
// welcome voucher and weekday happy hour, Demo Bakery's Silver and Gold levels (with cards at them,
// so the dashboard's level figures show), Demo Nails' 10-visit pass.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("gives the demo owner a welcome voucher, a weekday happy hour, Silver and Gold levels and a 10-visit pass", async () => {
  await seed(t.database.db, { demoUser: true });
  const token = await t.login(DEMO_USER.email, DEMO_USER.password);

  const rewards = await t.get<Paginated<Reward>>("/reward-list", { token, query: { per_page: "50" } });
  const of = (business: string) => rewards.body.data.items.filter((r) => r.business_name === business);
  expect(of("Demo Bakery").map((r) => r.levels.map((l) => l.name))).toEqual([["Silver", "Gold"]]);
  expect(of("Demo Nails")).toEqual([expect.objectContaining({ kind: "multipass", visits_included: 10 })]);

  const cafe = of("Demo Café")[0]!.business_id;
  const offers = await t.get<Paginated<Offer>>("/offer-list", { token, query: { per_page: "50" } });
  expect(offers.body.data.items).toEqual([
    expect.objectContaining({ business_id: cafe, trigger: "join", active: true }),
  ]);

  const promotions = await t.get<{ items: Promotion[] }>("/promotion-list", { token });
  expect(promotions.body.data.items).toEqual([
    expect.objectContaining({ reward_title: "Free coffee", start_time: "16:00", end_time: "18:00" }),
  ]);
  const [happyHour] = promotions.body.data.items;
  expect(happyHour!.weekdays.length).toBeGreaterThan(0);
  expect(happyHour!.weekdays.every((day) => day >= 1 && day <= 5)).toBe(true);

  const details = await t.get<DashboardDetails>("/dashboard-details", { token });
  const atLevels = details.body.data.level_customers.filter((row) => row.business_name === "Demo Bakery");
  expect(atLevels.length).toBeGreaterThan(0);
  expect(atLevels.every((row) => ["Silver", "Gold"].includes(row.level) && row.customers > 0)).toBe(true);
});
