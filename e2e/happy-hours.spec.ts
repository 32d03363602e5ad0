// Happy hours end to end. A points programme (10 points a visit) has a happy hour of double points
// all day, every day. The card page shows today's window in the programme's words; an earn at the
// scanner inside it gets double, and the card's history names the promotion; the dashboard shows
// what the happy hour added, in points.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { growthOwnerBusiness, postData } from "./fixtures/owner";
import { scannerReady } from "./fixtures/scanner";

test("an earn inside a happy hour: double points, named in the card's history; the card page shows today's window", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  // Happy hours are a Growth feature.
  const businessId = await growthOwnerBusiness(page, "happy", "Hap Owner", "Quiet Hour Café");
  const reward = await postData(page, "/api/add-reward", {
    business_id: businessId,
    title: "Quiet points",
    kind: "points",
    points_per_visit: 10,
    cooldown_minutes: 0,
    daily_cap: 0,
  });
  // Every day, the whole day: whenever the test runs, the scan is inside the window.
  await postData(page, "/api/promotion-add", {
    reward_id: reward.id,
    multiplier: "2",
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    start_time: "00:00",
    end_time: "24:00",
  });
  const qr = await postData(page, "/api/generate-qr", { business_id: businessId, label: "Till", reward_id: reward.id });

  // A customer joins on a phone: the card page shows today's happy hour in points.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(`/add-to-wallet?qr_token=${qr.qr_token}`);
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByRole("checkbox", { name: /I agree/ }).check();
  await customer.getByRole("button", { name: "Join and start collecting points" }).click();
  const today = customer.getByRole("region", { name: "Happy hours today" });
  await expect(today.getByRole("listitem")).toHaveText(["2× points, 00:00–24:00"]);
  const serial = (await customer.locator(".wallet-qr code").textContent())!.trim();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // The owner scans the card inside the window: 10 points doubled, after the join's 10.
  await page.goto("/dashboard/my-scans");
  await scannerReady(page);
  await page.getByLabel("Or type the card's code").fill(serial);
  // A loaded machine may take a while to answer the scan: its answer is awaited, then what it shows.
  const scanned = page.waitForResponse((r) => r.url().endsWith("/api/qr-code-scanner"), { timeout: 60_000 });
  await page.getByLabel("Or type the card's code").press("Enter");
  expect((await scanned).status()).toBe(200);
  const result = page.getByTestId("scan-result");
  await expect(result.getByTestId("scan-balance")).toContainText("30 points");

  // The card's history names the promotion beside the earn.
  await result.getByRole("button", { name: "Card details and history" }).click();
  const history = page.locator(".card-history tbody tr");
  await expect(history.nth(0)).toContainText("+20 points → 30 points");
  await expect(history.nth(0)).toContainText("Happy hour 00:00–24:00 ×2");
  await expect(history.nth(1)).toContainText("Joined");

  // The dashboard: what the happy hour added beyond the base, in the programme's unit.
  await page.goto("/dashboard/main");
  const extra = page.getByRole("table", { name: "Happy hours: extra earned" });
  await expect(extra.getByRole("row", { name: "Quiet Hour Café 10 points" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Customers per level, now" })).toHaveCount(0);

  expect(errors).toEqual([]);
});
