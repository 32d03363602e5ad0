// The staff scanner's camera, with Chromium's fake camera: a card held in view stamps once and the
// view waits for "Scan next"; the camera button works however early it is pressed.
import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { cameraBrowser, qrVideo } from "./fixtures/camera";
import { E2E } from "./fixtures/env";
import { holdScripts } from "./fixtures/held-scripts";
import { payPlan, signedInOwner } from "./fixtures/owner";
import { ownerWithProgramme, signedInStaff } from "./fixtures/programme";

/** How long the card stays in front of the camera: today's scanner stamped it again every 4 s. */
const HOLD_MS = 8_500;

/** The staff stamps a card has had (its history's stamps: the join is its own kind). */
async function staffStamps(page: Page, serial: string) {
  const res = await page.request.get(`/api/card-history?serial=${serial}`);
  expect(res.status()).toBe(200);
  const items = (await res.json()).data.items as { kind: string }[];
  return items.filter((item) => item.kind === "stamp").length;
}

/** A message of html5-qrcode's own, which minifying keeps: the script that has it is the library. */
const CAMERA_LIBRARY = "Cannot pause, scanner is not scanning.";

/** The camera view's video plays: the camera started. */
async function expectCameraStarted(page: Page) {
  const video = page.getByRole("region", { name: "Camera view" }).locator("video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0), { timeout: 20_000 })
    .toBe(true);
}

test("a card held in front of the camera is stamped once; Scan next reads the next card", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const { staffEmail, cardUrl } = await ownerWithProgramme(page, browser);
  await page.goto(cardUrl);
  const serial = (await page.locator(".wallet-qr code").textContent())!;
  expect(serial).toMatch(/^LC-/);

  // The customer holds the card's QR code in front of the staff's camera, and keeps it there.
  const camera = await cameraBrowser(playwright.chromium, qrVideo(serial, test.info().outputPath("card.y4m")));
  const desk = await camera.newContext({ baseURL: E2E.webUrl });
  const staff = await desk.newPage();
  await signedInStaff(staff, staffEmail);
  await staff.goto("/dashboard/my-scans");
  await staff.getByRole("button", { name: "Scan with the camera" }).click();

  const result = staff.getByTestId("scan-result");
  await expect(result.getByText("Stamp added: 2 of 5.")).toBeVisible({ timeout: 20_000 });
  const scanNext = staff.getByRole("button", { name: "Scan next" });
  await expect(scanNext).toBeVisible();
  // Announced: the camera's status says the card was read and what comes next.
  await expect(staff.getByRole("status").filter({ hasText: "Card read" })).toBeVisible();

  // Held in view well past the old repeat interval: still the one stamp, on the card and on the page.
  const heldUntil = Date.now() + HOLD_MS;
  while (Date.now() < heldUntil) {
    expect(await staffStamps(page, serial)).toBe(1);
    await expect(result.getByText("Stamp added: 2 of 5.")).toBeVisible();
    await staff.waitForTimeout(1_000);
  }
  expect(await staffStamps(page, serial)).toBe(1);

  // "Scan next" by keyboard: the card still in view is read again, once more.
  await scanNext.focus();
  await expect(scanNext).toBeFocused();
  await staff.keyboard.press("Enter");
  await expect(result.getByText("Stamp added: 3 of 5.")).toBeVisible({ timeout: 20_000 });
  await expect(scanNext).toBeVisible();
  expect(await staffStamps(page, serial)).toBe(2);
  await camera.close();
});

test("a card's code typed and sent with Enter before the scripts run, as a barcode reader does, is scanned once they have, once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { cardUrl } = await ownerWithProgramme(page, browser);
  await page.goto(cardUrl);
  const serial = (await page.locator(".wallet-qr code").textContent())!;
  expect(serial).toMatch(/^LC-/);
  // The owner's desk on a slow connection: the page shows before its scripts arrive.
  const desk = await browser.newContext({ baseURL: E2E.webUrl, serviceWorkers: "block" });
  await desk.addCookies(await page.context().cookies());
  const owner = await desk.newPage();
  const release = await holdScripts(owner);
  const scans: string[] = [];
  owner.on("request", (request) => {
    if (request.url().endsWith("/api/qr-code-scanner")) scans.push(request.method());
  });
  await owner.goto("/dashboard/my-scans", { waitUntil: "commit" });
  const code = owner.getByLabel("Or type the card's code");
  await code.fill(serial);
  // Twice, as a reader whose first beep seemed to do nothing: one scan all the same.
  await code.press("Enter");
  await code.press("Enter");
  // Nothing is sent, and the page stays, until the scripts run.
  await expect(owner).toHaveURL(/\/dashboard\/my-scans$/);
  expect(scans).toEqual([]);
  release();
  await expect(owner.getByTestId("scan-result").getByText("Stamp added: 2 of 5.")).toBeVisible({ timeout: 20_000 });
  await expect(code).toHaveValue("");
  expect(scans).toEqual(["POST"]);
  expect(await staffStamps(page, serial)).toBe(1);
  await owner.unrouteAll({ behavior: "ignoreErrors" });
  await desk.close();
});

test("Scan with the camera pressed and an amount typed before the scripts run: the camera starts, the amount stays", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await signedInOwner(page, page.request, uniqueEmail("camera-early"), "Cam Owner");
  await payPlan(page);
  const camera = await cameraBrowser(playwright.chromium);
  // No service worker: every script this page loads goes through the route below.
  const desk = await camera.newContext({ baseURL: E2E.webUrl, serviceWorkers: "block" });
  await desk.addCookies(await page.context().cookies());
  const owner = await desk.newPage();
  // The scripts the page has loaded so far, by whether they carry the camera library.
  const scripts: boolean[] = [];
  const libraryLoaded = () => scripts.some(Boolean);

  // A slow connection: the page's HTML shows before its scripts arrive.
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const recordScripts = (gate: Promise<void>) =>
    owner.route("**/_next/static/**/*.js", async (route) => {
      await gate;
      const response = await route.fetch();
      scripts.push((await response.text()).includes(CAMERA_LIBRARY));
      await route.fulfill({ response });
    });
  await recordScripts(arrived);
  await owner.goto("/dashboard/my-scans", { waitUntil: "commit" });
  const start = owner.getByRole("button", { name: "Scan with the camera" });
  await expect(start).toBeVisible();
  // The purchase typed and the camera asked for before any script has run: both count.
  await owner.locator("#scan-amount").fill("12.50");
  await start.click();
  expect(scripts).toEqual([]);
  release();
  await expectCameraStarted(owner);
  await expect(owner.getByRole("button", { name: "Stop the camera" })).toBeVisible();
  await expect(owner.locator("#scan-amount")).toHaveValue("12.50");
  // The camera library came with the press, not with the page.
  expect(libraryLoaded()).toBe(true);

  // Loaded again, the page runs without it until the camera is asked for. The gated route is
  // finished first: a script still on its way when the page reloads is abandoned by the browser.
  await owner.unrouteAll({ behavior: "wait" });
  scripts.length = 0;
  await recordScripts(Promise.resolve());
  await owner.reload();
  const again = owner.getByRole("button", { name: "Scan with the camera" });
  await expect(again).toBeEnabled();
  await expect(owner.getByRole("button", { name: "Add stamp or redeem" })).toBeEnabled();
  expect(libraryLoaded()).toBe(false);
  await again.click();
  await expectCameraStarted(owner);
  expect(libraryLoaded()).toBe(true);
  await owner.unrouteAll({ behavior: "ignoreErrors" });
  await camera.close();
});
