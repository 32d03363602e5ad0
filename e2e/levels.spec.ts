// Levels end to end, on a points programme like Demo Bakery's (Silver from 200 points at ×1.25,
// Gold from 500 at ×1.5). A customer joins on a phone: no level yet, the way to Silver. The owner
// scans the card: it crosses Silver (the crossing earn at Silver's rate), and the card page shows
// the level and the way to Gold. The dashboard counts the card at Silver; a message and a campaign
// voucher go to the level segment, chosen by the level's name.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { growthOwnerBusiness, postData } from "./fixtures/owner";
import { scannerReady } from "./fixtures/scanner";

test("a points card crosses Silver: the card page shows the level and the way to Gold; the owner sees and reaches it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  // Levels are a Growth feature.
  const businessId = await growthOwnerBusiness(page, "levels", "Lev Owner", "Rye Bakery");
  const reward = await postData(page, "/api/add-reward", {
    business_id: businessId,
    title: "Rye points",
    kind: "points",
    points_per_visit: 100,
    cooldown_minutes: 0,
    daily_cap: 0,
    levels: [
      { name: "Silver", from: 200, multiplier: "1.25" },
      { name: "Gold", from: 500, multiplier: "1.5" },
    ],
    level_basis: "points",
    level_period: "lifetime",
  });
  const qr = await postData(page, "/api/generate-qr", { business_id: businessId, label: "Till", reward_id: reward.id });

  // A customer joins on a phone: the join's 100 points, no level yet, 100 to Silver.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  const cardUrl = `/add-to-wallet?qr_token=${qr.qr_token}`;
  await customer.goto(cardUrl);
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByRole("checkbox", { name: /I agree/ }).check();
  await customer.getByRole("button", { name: "Join and start collecting points" }).click();
  const level = customer.getByRole("region", { name: "Your level" });
  await expect(level).toContainText("No level yet");
  await expect(level).toContainText("100 points to Silver");
  const serial = (await customer.locator(".wallet-qr code").textContent())!.trim();

  // The owner scans the card: 100 + 100 reaches Silver, and that earn is at Silver's ×1.25.
  await page.goto("/dashboard/my-scans");
  await scannerReady(page);
  await page.getByLabel("Or type the card's code").fill(serial);
  // A loaded machine may take a while to answer the scan: its answer is awaited, then what it shows.
  const scanned = page.waitForResponse((r) => r.url().endsWith("/api/qr-code-scanner"), { timeout: 60_000 });
  await page.getByLabel("Or type the card's code").press("Enter");
  expect((await scanned).status()).toBe(200);
  await expect(page.getByTestId("scan-result").getByTestId("scan-balance")).toContainText("225 points");

  // The card page: the level and the way to the next.
  await customer.reload();
  await expect(level).toContainText("Level: Silver");
  await expect(level).toContainText("Silver · 275 points to Gold");
  const widest = await customer.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);

  // The dashboard: the card counted at Silver, in a table of its own.
  await page.goto("/dashboard/main");
  const levels = page.getByRole("table", { name: "Customers per level, now" });
  await expect(levels.getByRole("row", { name: "Rye Bakery Silver 1" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Prepaid visits" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Happy hours: extra earned" })).toHaveCount(0);

  // A message to the level segment: the level is chosen by its name, the reach counted for it.
  await page.goto("/dashboard/notifications");
  const form = page.getByRole("region", { name: "Message your customers" });
  await form.getByLabel("Business").selectOption({ label: "Rye Bakery" });
  await form.getByLabel("Send to").selectOption({ label: "At a level" });
  const levelSelect = form.getByLabel("Level", { exact: true });
  await expect(levelSelect.locator("option")).toHaveText(["Choose a level", "Silver", "Gold"]);
  await expect(levelSelect).toHaveValue("Silver");
  await expect(form.getByText("Reaches 1 card holder.", { exact: true })).toBeVisible();
  await levelSelect.selectOption("Gold");
  await expect(form.getByText("Reaches 0 card holders.", { exact: true })).toBeVisible();
  await levelSelect.selectOption("Silver");
  await expect(form.getByText("Reaches 1 card holder.", { exact: true })).toBeVisible();
  await form.getByLabel("Title").fill("Silver week");
  await form.getByLabel("Message").fill("Silver members: a free croissant with any coffee this week.");
  const sent = page.waitForResponse((r) => r.url().endsWith("/api/notification-add"));
  await form.getByRole("button", { name: "Send message" }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({ segment: "level", level: "Silver" });
  await expect(page.getByText("Notification added successfully")).toBeVisible();
  await customer.reload();
  await expect(customer.getByText("Silver members: a free croissant with any coffee this week.")).toBeVisible();
  await phone.close();

  // A campaign voucher to the same segment, from the Offers section.
  await postData(page, "/api/offer-add", {
    business_id: businessId,
    title: "Silver treat",
    kind: "free_item",
    trigger: "campaign",
    valid_days: 7,
  });
  await page.goto("/dashboard/offers");
  await page
    .getByTestId("offer-row")
    .filter({ hasText: "Silver treat" })
    .getByRole("button", { name: "Send Silver treat to a segment" })
    .click();
  const send = page.getByRole("form", { name: "Send Silver treat" });
  await send.getByLabel("Send to").selectOption({ label: "At a level" });
  await expect(send.getByLabel("Level", { exact: true })).toHaveValue("Silver");
  await expect(send.getByText("Reaches 1 card holder.", { exact: true })).toBeVisible();
  await send.getByRole("button", { name: "Send vouchers" }).click();
  await expect(send.getByTestId("offer-sent")).toHaveText(
    "Sending vouchers to 1 card holder; a card that has this voucher already gets none.",
  );

  // The dashboard at a phone's width: nothing wider than the screen, axe finds nothing serious.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/main");
  await expect(levels).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const violations = await axeViolations(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  expect(errors).toEqual([]);
});
