import { expect, test } from "@playwright/test";
import { logIn, registerOwner, uniqueEmail } from "./fixtures/auth";

// The language pickers: links to the prefixed pages on the public site, a select on
// the pages rendered per request; an owner's choice is saved to their profile and follows them.

test("the public site's picker links to the same page in the chosen language", async ({ page }) => {
  await page.goto("/terms-condition");
  await page.locator(".language-picker summary").click();
  await page.getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/de\/terms-condition$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "Anmelden" })).toBeVisible();
  // The choice is kept: the login page follows it.
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("an owner who picks Deutsch gets the dashboard in German after a reload and after signing in on a fresh browser", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("language");
  await registerOwner(page, email);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/subscription$/);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("Choose a language").selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "ABMELDEN", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("button", { name: "ABMELDEN", exact: true })).toBeVisible();

  // A browser that never saw the choice, asking for English: the profile decides once signed in.
  const fresh = await browser.newContext({ locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US" } });
  const other = await fresh.newPage();
  await logIn(other, email);
  await expect(other).toHaveURL(/\/subscription$/);
  await expect(other.locator("html")).toHaveAttribute("lang", "de");
  await expect(other.getByRole("button", { name: "ABMELDEN", exact: true })).toBeVisible();
  await fresh.close();
});
