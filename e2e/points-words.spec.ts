import { test } from "@playwright/test";
import { walkProgramme } from "./fixtures/kind-words";

// A points programme says points on every page it reaches: poster, join page, scanner, scan list,
// directory and KPIs; never stamps.
test("a points programme's pages speak of points, never of stamps", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await walkProgramme(page, browser, {
    reward: { kind: "points", points_per_unit: 1, points_per_visit: 5 },
    forbidden: /stamp/i,
    picker: "Bean Rewards (points)",
    poster: "Collect points for Bean Rewards",
    posterCall: "Scan to collect your points",
    counterCall: "Scan with your phone's camera to collect your points",
    joins: "Joins Bean Rewards (points)",
    joinTitle: "Get your points card",
    joinSubmit: "Join and start collecting points",
    welcome: "Welcome! Your points card is ready.",
    scanSubmit: "Add points or redeem",
    // The join's 5, then 12 for £12.00 and 5 for the visit.
    balance: /^22 points/,
    scanKind: "Purchase",
    balanceHead: "Points",
    programme: "Points",
    kpiToday: "Purchases today",
    kpi: "points_issued",
  });
});
