// Offers and vouchers end to end. The owner adds a welcome offer and a manual one in the Offers
// section; a customer joins and finds the welcome voucher on the card page; staff redeem it by its
// code at the scanner (a second redeem is refused in words); the owner issues the manual offer to
// the scanned card and redeems it from the card's list; the section counts both, is axe clean and
// fits a 390 px screen.
import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { E2E } from "./fixtures/env";
import { businessFields, dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";
import { joinedStaff, signedInStaff } from "./fixtures/programme";
import { scannerReady } from "./fixtures/scanner";

const sameOrigin = { origin: E2E.webUrl };

async function axeClean(page: Page) {
  const violations = await axeViolations(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Nothing on the page is wider than the screen. */
async function fitsTheScreen(page: Page) {
  const widest = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(widest).toBeLessThanOrEqual(390);
}

test("welcome and manual vouchers: added by the owner, shown on the card, redeemed once at the scanner", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  await signedInOwner(page, page.request, uniqueEmail("offers"), "Olga Owner");
  await payPlan(page, "Growth"); // staff accounts are a Growth feature
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Plum Café"),
  });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free cake", stamps_required: 8, cooldown_minutes: 0 },
  });
  expect(reward.status()).toBe(201);
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: (await reward.json()).data.id },
  });
  expect(qr.status()).toBe(201);
  const cardUrl = `/add-to-wallet?qr_token=${(await qr.json()).data.qr_token}`;

  // The Offers section, beside Rewards in the menu.
  await page.goto("/dashboard/main");
  await dashboardNav(page).getByRole("link", { name: "Offers", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Offers", level: 1 })).toBeVisible();
  const form = page.getByRole("region", { name: "Add an offer" });
  await form.getByLabel("Business", { exact: true }).selectOption({ label: "Plum Café" });
  await form.getByLabel("Title", { exact: true }).fill("Free pastry");
  await form.getByLabel("Valid for (days)").fill("30");
  await form.getByRole("button", { name: "Add offer" }).click();
  const row = (title: string) => page.getByTestId("offer-row").filter({ hasText: title });
  await expect(row("Free pastry")).toContainText("Welcome");
  await expect(row("Free pastry").getByTestId("offer-counts")).toHaveText("0 issued · 0 redeemed");

  // A stamp programme's offers add stamps, never points; the stamps field comes with the kind.
  await form.getByLabel("Business", { exact: true }).selectOption({ label: "Plum Café" });
  const kind = form.getByLabel("What it gives");
  await expect(kind.locator("option", { hasText: "Stamps" })).toHaveCount(1);
  await expect(kind.locator("option", { hasText: "Points" })).toHaveCount(0);
  await expect(form.getByLabel("Stamps", { exact: true })).toHaveCount(0);
  await kind.selectOption({ label: "Stamps" });
  await form.getByLabel("Title", { exact: true }).fill("Two stamps");
  await form.getByLabel("Stamps", { exact: true }).fill("2");
  await form.getByLabel("When it is issued").selectOption({ label: "At the counter" });
  await form.getByRole("button", { name: "Add offer" }).click();
  await expect(row("Two stamps")).toContainText("2 stamps added");
  await expect(row("Two stamps")).toContainText("At the counter");

  // A customer joins on a phone: the welcome voucher is on the card page with its code.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(cardUrl);
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByRole("checkbox", { name: /I agree/ }).check();
  await customer.getByRole("button", { name: "Join and get my first stamp" }).click();
  const vouchers = customer.getByRole("region", { name: "Your vouchers" });
  await expect(vouchers.getByRole("heading", { name: "Free pastry" })).toBeVisible();
  const code = (await vouchers.locator(".mono").first().textContent())!.trim();
  expect(code).toMatch(/^V-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const serial = (await customer.locator(".wallet-qr code").textContent())!.trim();
  await phone.close();

  // Staff redeem it by its code at the scanner; the second try is refused in words.
  const staffEmail = await joinedStaff(page, "Tom Till");
  const desk = await browser.newContext();
  const staff = await desk.newPage();
  // The refusals below are answered 422 (used) and 404 (unknown code): the browser logs those loads.
  const refused = /the server responded with a status of (404|422)/;
  staff.on("console", (m) => m.type() === "error" && !refused.test(m.text()) && errors.push(m.text()));
  await signedInStaff(staff, staffEmail);
  await expect(dashboardNav(staff).getByRole("link", { name: "Offers", exact: true })).toHaveCount(0);
  await dashboardNav(staff).getByRole("link", { name: "My Scans" }).click();
  const redeemForm = staff.getByRole("form", { name: "Redeem a voucher" });
  await redeemForm.getByLabel("Voucher code").fill(code.toLowerCase());
  await redeemForm.getByRole("button", { name: "Redeem" }).click();
  const result = staff.getByTestId("voucher-result");
  await expect(result.getByRole("status")).toHaveText("Voucher redeemed: Free pastry.");
  await expect(result).toContainText(serial);
  await expect(redeemForm.getByLabel("Voucher code")).toHaveValue("");
  await redeemForm.getByLabel("Voucher code").fill(code);
  await redeemForm.getByRole("button", { name: "Redeem" }).click();
  await expect(result.getByRole("alert")).toHaveText("This voucher has already been used.");
  await redeemForm.getByLabel("Voucher code").fill("V-0000-0000-0000");
  await redeemForm.getByRole("button", { name: "Redeem" }).click();
  await expect(result.getByRole("alert")).toHaveText("No voucher has this code. Check the code and try again.");
  await desk.close();

  // The owner scans the card: no voucher left on it; the manual offer is issued, then redeemed.
  await page.goto("/dashboard/my-scans");
  await scannerReady(page);
  await page.getByLabel("Or type the card's code").fill(serial);
  await page.getByLabel("Or type the card's code").press("Enter");
  const scanned = page.getByTestId("scan-result");
  const onCard = scanned.getByRole("region", { name: "Vouchers on this card" });
  await expect(onCard.getByText("This card holds no unused voucher.")).toBeVisible();
  await onCard.getByRole("button", { name: "Issue Two stamps to this card" }).click();
  await expect(onCard.getByTestId("voucher-said")).toContainText("Voucher issued.");
  const held = onCard.getByTestId("card-voucher").filter({ hasText: "Two stamps" });
  await expect(held).toBeVisible();
  await held.getByRole("button", { name: "Redeem Two stamps" }).click();
  await expect(onCard.getByTestId("voucher-said")).toHaveText("Voucher redeemed: Two stamps.");
  await expect(onCard.getByTestId("card-voucher")).toHaveCount(0);

  // The Offers section counts them; axe finds nothing serious; a phone's width holds it all.
  await page.goto("/dashboard/offers");
  await expect(row("Free pastry").getByTestId("offer-counts")).toHaveText("1 issued · 1 redeemed");
  await expect(row("Two stamps").getByTestId("offer-counts")).toHaveText("1 issued · 1 redeemed");
  await axeClean(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row("Two stamps")).toBeVisible();
  await fitsTheScreen(page);
  await axeClean(page);

  // A campaign offer goes to a segment (the notifications' picker): once per card, however often sent.
  const campaign = await page.request.post("/api/offer-add", {
    headers: sameOrigin,
    data: {
      business_id: businessId,
      title: "Coffee week",
      kind: "percent_off",
      percent: 10,
      trigger: "campaign",
      valid_days: 7,
    },
  });
  expect(campaign.status()).toBe(201);
  await page.reload();
  await row("Coffee week").getByRole("button", { name: "Send Coffee week to a segment" }).click();
  const send = page.getByRole("form", { name: "Send Coffee week" });
  await expect(send.getByText("Reaches 1 card holder.", { exact: true })).toBeVisible();
  await send.getByRole("button", { name: "Send vouchers" }).click();
  const queued = "Sending vouchers to 1 card holder; a card that has this voucher already gets none.";
  await expect(send.getByTestId("offer-sent")).toHaveText(queued);
  // Sent again: the card holder is reached again, and still holds one voucher of it.
  const sentAgain = page.waitForResponse((r) => r.url().endsWith("/api/offer-send") && r.ok());
  await send.getByRole("button", { name: "Send vouchers" }).click();
  await sentAgain;
  await expect(async () => {
    await page.reload();
    await expect(row("Coffee week").getByTestId("offer-counts")).toHaveText("1 issued · 0 redeemed", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await fitsTheScreen(page);

  // Retiring asks first, then the offer shows as retired with its vouchers counted.
  await row("Free pastry").getByRole("button", { name: "Retire Free pastry" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Retire offer" }).click();
  await expect(row("Free pastry")).toContainText("Retired");
  await expect(row("Free pastry").getByRole("button", { name: "Retire Free pastry" })).toHaveCount(0);

  expect(errors).toEqual([]);
});
