import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_SECTIONS } from "../lib/routes";
import { ownerWithProgramme } from "./fixtures/programme";
import { uniqueEmail } from "./fixtures/auth";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";
import { E2E } from "./fixtures/env";
import enCommon from "../messages/en/common.json";
import enContact from "../messages/en/contact.json";
import enSite from "../messages/en/site.json";
import deCommon from "../messages/de/common.json";
import deContact from "../messages/de/contact.json";
import deSite from "../messages/de/site.json";

// The pseudo-locale (lib/i18n/pseudo.ts; the e2e web server runs with I18N_PSEUDO=1): every
// message reads "[Ŝķîƥ ţö ċöñţéñţ]", so a visible plain-English word is text that does not come
// from the messages. User data (names, CMS text) is marked `data-user-content` and skipped; the
// brand name and language names (each in itself) are allowed, and so is what Intl formats (dates in
// <time> and a chart's axes: the locale's own words, not ours).
const ALLOWED = new Set([
  "APP_NAME",
  "Loyalty",
  "Cards",
  "English",
  "Deutsch",
  "Español",
  "Français",
  "Português",
  "Brasil",
  // The wallets by their own names.
  "Apple",
  "Google",
  "Wallet",
]);

/**
 * The user data the fixtures enter (e2e/fixtures/programme.ts, owner.ts): shown as typed, in no
 * language of ours. Data the API makes in the owner's language is marked `data-api-text` (its
 * translation is server/test's: feed-references.test.ts).
 */
const USER_DATA = [
  "Blue Bean Café",
  "Café and Coffee Shop",
  "12 Market Street",
  "London",
  "United Kingdom",
  "Ada Owner",
  "Ann Lee",
  "Sam Staff",
  "Tess Staff",
  "Free coffee",
  "Fresh croissants",
  "Out of the oven at 8am.",
  "Coffee",
  "Till",
  "Growth",
];

async function untranslated(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (
        !parent ||
        parent.closest(
          "script, style, noscript, [data-user-content], [data-api-text], [hidden], .goog-te-gadget, time, svg, code, pre, kbd",
        )
      )
        continue;
      if (!parent.checkVisibility?.() && !parent.closest(".visually-hidden")) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    // What screen readers and tooltips read: labels, placeholders, titles and alternative texts.
    for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      if (
        element.closest(
          "script, style, noscript, [data-user-content], [data-api-text], [hidden], .goog-te-gadget, time, svg, code, pre, kbd",
        )
      )
        continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        // A value without a space is an example of a format (a URL, a card code), not a sentence.
        if (value && /\s/.test(value)) found.push(value);
      }
    }
    return found;
  });
  return texts.filter((text) => {
    if (text.startsWith("[") || text.endsWith("]")) return false;
    // What the test's owner typed (names, addresses, titles) and e-mail addresses are their data.
    const left = USER_DATA.reduce((rest, value) => rest.split(value).join(" "), text).replace(/\S+@\S+/g, " ");
    const words = left.match(/\b[A-Za-z]{3,}\b/g) ?? [];
    return words.some((word) => !ALLOWED.has(word));
  });
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en-XA", url: E2E.webUrl }]);
});

test("the auth pages have no text outside the messages", async ({ page }) => {
  for (const path of [
    "/login",
    "/register",
    "/forgot-password",
    "/verify-otp?email=a%40example.com",
    "/forgot-verify-otp?email=a%40example.com",
  ]) {
    await page.goto(path);
    await expect(page.locator(".skip-link")).toHaveText("[Ŝķîƥ ţö ċöñţéñţ]");
    expect(await untranslated(page), path).toEqual([]);
  }
});

test("every dashboard section, the plans, the card page, the counter screen and an invite have no text outside the messages", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(300_000);
  // Set up in English (the fixtures sign in by the form's words), then read every page in the pseudo-locale.
  await context.clearCookies();
  const programme = await ownerWithProgramme(page, browser);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en-XA", url: E2E.webUrl }]);
  const pages = [
    "/subscription",
    ...DASHBOARD_SECTIONS.map((section) => `/dashboard/${section}`),
    // The card's pages speak the card's language (lib/card-intl.ts), the pseudo-locale too.
    programme.cardUrl,
    `/counter/${programme.qrId}`,
    programme.inviteUrl,
  ];
  const found: Record<string, string[]> = {};
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const texts = await untranslated(page);
    if (texts.length > 0) found[path] = texts;
  }
  // A dialog's own words too (its heading bar, labels): the customer's, opened from the directory.
  await page.goto("/dashboard/customers");
  await page.locator("main tbody tr").first().locator("a, button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const dialog = await untranslated(page);
  if (dialog.length > 0) found["/dashboard/customers, a customer open"] = dialog;
  expect(found).toEqual({});
});

test("a points programme's poster, join page, scanner, directory and KPIs have no text outside the messages", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  // Set up in English (the fixtures sign in by the form's words): an owner with a points programme.
  await context.clearCookies();
  await signedInOwner(page, page.request, uniqueEmail("pseudo-points"), "Ada Owner");
  await payPlan(page);
  const sameOrigin = { origin: E2E.webUrl };
  const added = await page.request.post("/api/add-business", { headers: sameOrigin, multipart: businessFields() });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: {
      business_id: businessId,
      title: "Free coffee",
      kind: "points",
      points_per_unit: 1,
      points_per_visit: 5,
      cooldown_minutes: 0,
      daily_cap: 0,
    },
  });
  expect(reward.status()).toBe(201);
  const rewardId = (await reward.json()).data.id as number;
  await page.request.post("/api/reward-option-add", {
    headers: sameOrigin,
    data: { reward_id: rewardId, title: "Coffee", points: 20 },
  });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en-XA", url: E2E.webUrl }]);
  const found: Record<string, string[]> = {};
  const check = async (where: string, on: Page = page) => {
    await on.waitForLoadState("networkidle");
    await expect(on.locator('[aria-busy="true"]')).toHaveCount(0);
    const texts = await untranslated(on);
    if (texts.length > 0) found[where] = texts;
  };

  // The poster: generated in the pseudo-locale (the form's fields by name), which opens its view.
  await page.goto("/dashboard/my-qr-code");
  await page.locator('select[name="business_id"]').selectOption(String(businessId));
  await page.locator('select[name="reward_id"]').selectOption(String(rewardId));
  await page.locator('input[name="label"]').fill("Till");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId("print-sheet")).toBeVisible();
  // Its toast is the API's message (the server's catalogue): read the page once it has gone.
  await expect(page.locator("[data-rht-toaster] [role=status]")).toHaveCount(0, { timeout: 15_000 });
  await check("the QR code page with its poster");
  const cardUrl = (await page.locator(".qr-view a[href*='add-to-wallet']").getAttribute("href"))!;

  // The join page, and the card after joining.
  const phone = await browser.newContext();
  await phone.addCookies([{ name: "NEXT_LOCALE", value: "en-XA", url: E2E.webUrl }]);
  const customer = await phone.newPage();
  await customer.goto(cardUrl);
  await expect(customer.locator("#join-title")).toBeVisible();
  await check("the points programme's join page", customer);
  await customer.locator("#join-name").fill("Ann Lee");
  await customer.locator("#join-email").fill(uniqueEmail("ann"));
  await customer.locator("#join-consent").check();
  await customer.locator('.wallet-join button[type="submit"]').click();
  await expect(customer.getByTestId("card-balance")).toBeVisible();
  await check("the points card after joining", customer);
  const serial = (await customer.locator(".wallet-qr code").innerText()).trim();
  await phone.close();

  // The scanner: a purchase, then the page again (its last-scan box), the directory and the KPIs.
  await page.goto("/dashboard/my-scans");
  await page.locator("#scan-amount").fill("12");
  await page.locator("#scan-code").fill(serial);
  await page.locator('#scan-form button[type="submit"]').click();
  await expect(page.getByTestId("scan-result")).toBeVisible();
  await check("the scanner after a points purchase");
  await page.reload();
  await expect(page.getByTestId("scan-result")).toBeVisible();
  await check("the scanner's last scan");
  await page.goto("/dashboard/customers");
  await check("the directory of a points programme");
  await page.locator("main tbody tr").first().locator("a, button").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("a points card's customer");
  await page.goto("/dashboard/main");
  await check("the KPIs of a points programme");
  expect(found).toEqual({});
});

/** Words of English sentences that German ones do not use. */
const ENGLISH_WORDS = /\b(?:the|and|your|you|with|this|our|what|how|send|get|more)\b/i;

/** Every leaf of a messages file: the English sentences a German page must not show. */
const leaves = (messages: object): string[] =>
  Object.values(messages).flatMap((value) => (typeof value === "string" ? [value] : leaves(value as object)));

test("the public site in German shows none of the English messages (prerendered: no pseudo-locale)", async ({
  page,
  context,
}) => {
  await context.clearCookies();
  // Words both languages share ("Name", "(optional)") say nothing about which one a page speaks.
  const german = new Set([...leaves(deSite), ...leaves(deContact), ...leaves(deCommon)]);
  const english = new Set(
    [...leaves(enSite), ...leaves(enContact), ...leaves(enCommon)].filter(
      (text) => !text.includes("{") && !german.has(text),
    ),
  );
  for (const path of ["/de", "/de/privacy-policy", "/de/terms-condition"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const shown = await page.evaluate(() => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest("[data-user-content], [hidden], script, style, noscript")) continue;
        const text = node.textContent?.trim();
        if (text) texts.push(text);
      }
      return texts;
    });
    // A message of ours left in English, or a sentence hard-coded in a component (English words).
    expect(
      shown.filter((text) => english.has(text) || ENGLISH_WORDS.test(text)),
      path,
    ).toEqual([]);
  }
});
