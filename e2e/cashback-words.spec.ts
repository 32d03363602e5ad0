import { test } from "@playwright/test";
import { walkProgramme } from "./fixtures/kind-words";

// A cashback programme says money on every page it reaches: never stamps, never points.
test("a cashback programme's pages speak of money, never of stamps or points", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await walkProgramme(page, browser, {
    reward: { kind: "cashback", cashback_percent: "5" },
    forbidden: /stamp|points?\b/i,
    picker: "Bean Rewards (cashback)",
    poster: "Earn cashback: Bean Rewards",
    posterCall: "Scan to earn cashback",
    counterCall: "Scan with your phone's camera to earn cashback",
    joins: "Joins Bean Rewards (cashback)",
    joinTitle: "Get your cashback card",
    joinSubmit: "Join and start earning cashback",
    welcome: "Welcome! Your cashback card is ready.",
    scanSubmit: "Record purchase or redeem",
    // 5 % of £12.00.
    balance: /^£0\.60 to spend$/,
    scanKind: "Purchase",
    balanceHead: "Cashback",
    programme: "Cashback",
    kpiToday: "Purchases today",
    kpi: "cashback_owed",
  });
});
