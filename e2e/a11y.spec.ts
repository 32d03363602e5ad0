// Every page, signed out and in, at a phone's and a laptop's width, in each language:
// no serious or critical WCAG 2.2 AA violation that axe-core finds.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { DASHBOARD_SECTIONS } from "../lib/routes";
import type { Locale } from "../contract/locales";
import { axeViolations } from "./fixtures/axe";
import { E2E } from "./fixtures/env";
import { ownerWithProgramme, signedInStaff } from "./fixtures/programme";

/** The languages audited: Arabic (right to left) is one more entry here once its messages land. */
const LOCALES: Locale[] = ["en", "ar"];

const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [PHONE, { width: 1280, height: 800 }];
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The public site is served per language under its prefix (`/ar/terms-condition`); English unprefixed. */
const PUBLIC = ["", "/privacy-policy", "/privacy-policy-1", "/terms-condition"];
const publicPages = (locale: Locale) => PUBLIC.map((page) => (locale === "en" ? page || "/" : `/${locale}${page}`));
const AUTH_PAGES = [
  "/login",
  "/register",
  "/verify-otp?email=ada%40example.com",
  "/forgot-password",
  "/forgot-verify-otp?email=ada%40example.com",
  "/change-password?email=ada%40example.com",
];
const STAFF = ["main", "my-scans", "customers", "notifications", "how-to-use", "profile"].map((s) => `/dashboard/${s}`);

/** The language the pages speak: next-intl reads the NEXT_LOCALE cookie. */
const speak = (context: BrowserContext, locale: Locale) =>
  context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: E2E.webUrl }]);

/** Waits until the page has drawn its content: a heading, nothing loading. */
async function settle(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .page-spinner')).toHaveCount(0, { timeout: 15_000 });
}

/** The page as it is now: one line per serious or critical violation, with where it is. */
async function axe(page: Page, label: string): Promise<string[]> {
  const violations = await axeViolations(page, TAGS);
  const width = page.viewportSize()?.width;
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const where = v.nodes.map((n) => n.target.join(" ")).slice(0, 4);
      return `${label} @${width}: ${v.id} (${v.impact}, ${v.nodes.length}×) ${where.join(" | ")}`;
    });
}

/** Each page at each width. */
async function audit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await settle(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      found.push(...(await axe(page, path)));
    }
  }
  return found;
}

/** What opens over a page: the phone's menu, the customer dialog, a confirmation dialog. */
async function auditOpened(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/customers");
  await settle(page);
  // By what they are, not their words: this runs in every language.
  const menuButton = page.locator('button[aria-controls="app-nav"]');
  await menuButton.click();
  await expect(page.locator("#app-nav")).toBeVisible();
  found.push(...(await axe(page, "the menu, open")));
  await menuButton.click();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.getByRole("button", { name: "Ann Lee" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Ann Lee" })).toBeVisible();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    found.push(...(await axe(page, "the customer dialog")));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  await page.goto("/dashboard/product-category");
  await settle(page);
  // A row's buttons name the item ("Edit Coffee", "Delete Coffee"); the delete comes last.
  await page
    .getByRole("button", { name: /Coffee$/ })
    .last()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  found.push(...(await axe(page, "a confirmation dialog")));
  return found;
}

for (const locale of LOCALES) {
  test.describe(`accessibility in ${locale}`, () => {
    test.beforeEach(({ context }) => speak(context, locale));

    test("signed out: the public site and the auth pages", async ({ page }) => {
      test.setTimeout(180_000);
      expect(await audit(page, [...publicPages(locale), ...AUTH_PAGES])).toEqual([]);
    });

    test("an owner: every dashboard section, plans and payment, the card, the counter, an invite; their staff: My Scans and the sections staff see", async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const programme = await ownerWithProgramme(page, browser);
      const plans = (await (await page.request.get("/api/subscriptionplan-list")).json()).data as [{ id: number }];
      const sections = DASHBOARD_SECTIONS.map((type) => `/dashboard/${type}`);
      const found = await audit(page, [
        ...sections,
        "/subscription",
        `/payment?mode=newUser&plan=${plans[0].id}`,
        "/thank-you",
        `/counter/${programme.qrId}`,
        programme.cardUrl,
      ]);
      found.push(...(await auditOpened(page)));
      // The invite and the card's join form are seen by people who are not signed in.
      const guest = await browser.newContext();
      await speak(guest, locale);
      const visitor = await guest.newPage();
      found.push(...(await audit(visitor, [programme.inviteUrl, programme.cardUrl])));
      await guest.close();
      // The programme's staff member, in a browser of their own: the same programme serves both
      // audits rather than a second one made for staff alone.
      const staffBrowser = await browser.newContext();
      await speak(staffBrowser, locale);
      const staff = await staffBrowser.newPage();
      await signedInStaff(staff, programme.staffEmail);
      found.push(...(await audit(staff, STAFF)));
      await staffBrowser.close();
      expect(found).toEqual([]);
    });
  });
}

test("with reduced motion asked for, every transition and animation ends at once (the spinner aside)", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const path of ["/", "/login"]) {
    await page.goto(path);
    await settle(page);
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("body *:not(.spinner)")]
        .filter((el) => {
          const style = getComputedStyle(el);
          const seconds = (list: string) => Math.max(...list.split(",").map((t) => parseFloat(t) || 0));
          const animates =
            style.animationName !== "none" &&
            (seconds(style.animationDuration) > 0.001 || style.animationIterationCount !== "1");
          return animates || seconds(style.transitionDuration) > 0.001;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    );
    expect(moving, path).toEqual([]);
  }
});
