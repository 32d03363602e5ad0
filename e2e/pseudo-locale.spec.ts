import { expect, test, type Page } from "@playwright/test";
import { logIn, registerOwner, uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";

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
]);

async function untranslated(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (
        !parent ||
        parent.closest("script, style, noscript, [data-user-content], [hidden], .goog-te-gadget, time, svg")
      )
        continue;
      if (!parent.checkVisibility?.() && !parent.closest(".visually-hidden")) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    return found;
  });
  return texts.filter((text) => {
    if (text.startsWith("[") || text.endsWith("]")) return false;
    const words = text.match(/\b[A-Za-z]{3,}\b/g) ?? [];
    return words.some((word) => !ALLOWED.has(word));
  });
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en-XA", url: E2E.webUrl }]);
});

test("the auth pages have no text outside the messages", async ({ page }) => {
  for (const path of ["/login", "/register", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.locator(".skip-link")).toHaveText("[Ŝķîƥ ţö ċöñţéñţ]");
    expect(await untranslated(page), path).toEqual([]);
  }
});

test("the dashboard's sections have no text outside the messages", async ({ page, context }) => {
  const email = uniqueEmail("pseudo");
  await context.clearCookies();
  await registerOwner(page, email);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/subscription$/);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en-XA", url: E2E.webUrl }]);
  const found: Record<string, string[]> = {};
  for (const path of ["/subscription", "/dashboard/profile", "/dashboard/main", "/dashboard/how-to-use"]) {
    await page.goto(path);
    await expect(page.locator(".skip-link")).toHaveText("[Ŝķîƥ ţö ċöñţéñţ]");
    await page.waitForLoadState("networkidle");
    const texts = await untranslated(page);
    if (texts.length > 0) found[path] = texts;
  }
  expect(found).toEqual({});
});
