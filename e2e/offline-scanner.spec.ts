import { expect, test, type Browser, type Page } from "@playwright/test";
import { logIn, uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";
import { scannerReady } from "./fixtures/scanner";

const sameOrigin = { origin: E2E.webUrl };
const PHONE = { width: 390, height: 844 };

/** An owner on Growth (staff accounts) with a stamp reward, its QR code, and three customers' cards. */
async function threeCards(page: Page, browser: Browser) {
  await signedInOwner(page, page.request, uniqueEmail("offline"), "Otto Owner");
  await payPlan(page, "Growth");
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Lantern Café"),
  });
  expect(business.status()).toBe(201);
  const businessId = (await business.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free cake", stamps_required: 8, cooldown_minutes: 60, daily_cap: 0 },
  });
  expect(reward.status()).toBe(201);
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: (await reward.json()).data.id },
  });
  expect(qr.status()).toBe(201);
  const serials: string[] = [];
  for (const name of ["Ana Offline", "Ben Offline", "Cy Offline"]) {
    // Each customer on a phone of their own.
    const phone = await browser.newContext();
    const joined = await phone.request.post(`${E2E.webUrl}/api/wallet-join`, {
      headers: sameOrigin,
      data: { qr_token: (await qr.json()).data.qr_token, name, email: uniqueEmail("cust"), consent: true },
    });
    expect(joined.status()).toBe(201);
    serials.push((await joined.json()).data.card.serial as string);
    await phone.close();
  }
  return serials;
}

/** The staff scans a card has had (its history's stamps: the join is its own kind). */
async function staffStamps(page: Page, serial: string) {
  const res = await page.request.get(`/api/card-history?serial=${serial}`);
  expect(res.status()).toBe(200);
  const items = (await res.json()).data.items as { kind: string }[];
  return items.filter((item) => item.kind === "stamp").length;
}

test("the staff scanner keeps scans made offline and sends them when back: each card stamped once", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const serials = await threeCards(page, browser);

  // Staff, invited by the owner, on a phone, at the scanner.
  const invite = await page.request.post("/api/add-staff", {
    headers: sameOrigin,
    data: { name: "Wes Waiter", email: uniqueEmail("wes") },
  });
  const { invite_link, email: staffEmail } = (await invite.json()).data as { invite_link: string; email: string };
  const desk = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const staff = await desk.newPage();
  const accepted = await staff.request.post("/api/accept-invite", {
    headers: sameOrigin,
    data: {
      token: invite_link.split("/add-user/")[1],
      name: "Wes Waiter",
      password: "staff-password-88",
      password_confirmation: "staff-password-88",
    },
  });
  expect(accepted.status()).toBe(201);
  await logIn(staff, staffEmail, "staff-password-88");
  await expect(staff).toHaveURL(/\/dashboard\/main$/);
  await staff.goto("/dashboard/my-scans");
  await expect(staff.getByRole("heading", { name: "Scan a customer's card" })).toBeVisible();

  // An app of its own: its manifest, and its service worker with the page kept for offline starts.
  await expect(staff.locator('link[rel="manifest"]')).toHaveAttribute("href", "/scanner.webmanifest");
  const manifest = await (await staff.request.get("/scanner.webmanifest")).json();
  expect(manifest).toMatchObject({ id: "/dashboard/my-scans", scope: "/dashboard/my-scans" });
  expect(manifest.start_url).toBe("/dashboard/my-scans");
  // Ready for offline once the worker controls the page: it is active (its install kept the page and
  // every chunk) and has claimed this page. A copy in the cache alone can mean the install is still
  // under way, and a reload then goes past the worker to the network.
  await expect
    .poll(
      () =>
        staff.evaluate(
          async () =>
            navigator.serviceWorker.controller?.state === "activated" &&
            Boolean(await caches.match("/dashboard/my-scans")),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);

  // The café's connection drops: three cards scanned by typing their codes.
  await desk.setOffline(true);
  const waiting = staff.getByTestId("offline-count");
  for (const [i, serial] of serials.entries()) {
    await scannerReady(staff);
    await staff.getByLabel("Or type the card's code").fill(serial);
    await staff.getByRole("button", { name: "Add stamp or redeem" }).click();
    await expect(staff.getByTestId("scan-kept")).toBeVisible();
    // Each scan is kept before the next is typed: the previous scan's note alone does not say so
    // (typed while the last one was being kept, a code was cleared with it).
    await expect(waiting).toHaveText(i === 0 ? "1 scan waiting" : `${i + 1} scans waiting`);
  }
  await expect(waiting).toHaveText("3 scans waiting");
  await expect(staff.getByRole("status").filter({ has: waiting })).toBeVisible();

  // Reloaded without a network: the scanner opens and nothing is lost.
  await staff.reload();
  await expect(staff.getByRole("heading", { name: "Scan a customer's card" })).toBeVisible();
  await expect(waiting).toHaveText("3 scans waiting");

  // Back online: the three are sent in order, and each answer shows.
  await desk.setOffline(false);
  const answers = staff.getByTestId("offline-answer");
  await expect(answers).toHaveCount(3, { timeout: 20_000 });
  await expect(waiting).toHaveCount(0);
  for (const name of ["Ana Offline", "Ben Offline", "Cy Offline"]) {
    await expect(answers.filter({ hasText: name })).toHaveCount(1);
  }
  for (const serial of serials) expect(await staffStamps(page, serial)).toBe(1);

  // On the phone, the scans table is labelled stacked rows, not a table wider than the screen.
  const row = staff.locator(".scan-table tbody tr").first();
  await expect(row).toBeVisible();
  const [time, kind] = await Promise.all([0, 1].map((i) => row.locator("td").nth(i).boundingBox()));
  expect(kind!.y).toBeGreaterThan(time!.y);
  await expect(row.locator("td").first()).toHaveAttribute("data-label", "Time");
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await desk.close();
});

test("on a 390 px phone the dashboard shows its figures two a row and the chart on the first screen", async ({
  page,
}) => {
  await signedInOwner(page, page.request, uniqueEmail("phone"), "Pia Phone");
  await payPlan(page);
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/main");
  const tiles = page.getByRole("list", { name: "Key figures" }).getByRole("listitem");
  await expect(tiles.first()).toBeVisible();
  const boxes = await Promise.all([0, 1, 2].map((i) => tiles.nth(i).boundingBox()));
  // Two a row: the second beside the first, the third below them.
  expect(Math.abs(boxes[1]!.y - boxes[0]!.y)).toBeLessThan(1);
  expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width - 1);
  expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
  const chart = page.getByRole("region", { name: "Stamps and new customers, last 30 days" });
  await expect(chart).toBeVisible();
  const top = (await chart.boundingBox())!.y;
  expect(top).toBeLessThan(PHONE.height);
  test.info().annotations.push({ type: "chart top at 390 × 844", description: `${Math.round(top)} px` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
