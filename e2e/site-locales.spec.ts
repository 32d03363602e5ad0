import { expect, test } from "@playwright/test";
import { LOCALES, type Locale } from "../contract/locales";
import { HOME_PAGE, REVIEWS } from "../server/src/seed/site-content";
import { SEED_PLANS } from "../server/src/seed/plans";
import { HOME_PAGE_TRANSLATIONS, PLAN_TRANSLATIONS, REVIEW_TRANSLATIONS } from "../server/src/seed/site-translations";

// The home page's own content (the operator's, seeded in every locale) in the page's language:
// headline, sections, plan features, reviews, and the title and description search engines show.

const path = (locale: Locale) => (locale === "en" ? "/" : `/${locale}`);

/** What the seed wrote for `locale`, English for "en". */
function seeded(locale: Locale) {
  if (locale === "en") {
    return {
      headline: HOME_PAGE.heroTitle,
      text: HOME_PAGE.heroText,
      aboutTitle: HOME_PAGE.aboutTitle,
      firstStep: HOME_PAGE.howSteps[0]!.title,
      feature: SEED_PLANS[0]!.features[1]!,
      review: REVIEWS[0]!.text,
    };
  }
  const home = HOME_PAGE_TRANSLATIONS[locale]!;
  return {
    headline: home.hero_title!,
    text: home.hero_text!,
    aboutTitle: home.about_title!,
    firstStep: home.how_steps![0]!.title!,
    feature: PLAN_TRANSLATIONS[SEED_PLANS[0]!.name]![locale]!.features![1]!,
    review: REVIEW_TRANSLATIONS[REVIEWS[0]!.name]![locale]!.text!,
  };
}

for (const locale of LOCALES) {
  test(`the home page in ${locale}: its own headline, sections, plan features, reviews and title`, async ({ page }) => {
    const want = seeded(locale);
    await page.goto(path(locale));
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", locale);
    await expect(html).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(want.headline);
    await expect(page.locator(".hero-text")).toHaveText(want.text);
    await expect(page.locator("#about-title")).toHaveText(want.aboutTitle);
    await expect(page.locator("#how-it-work h3").first()).toHaveText(want.firstStep);
    await expect(page.locator("#pricing .plan").first().getByRole("listitem").nth(1)).toHaveText(want.feature);
    await expect(page.locator(".review blockquote").first()).toHaveText(want.review);

    await expect(page).toHaveTitle(new RegExp(`^${want.headline.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(want.text.startsWith((description ?? "").replace(/…$/, "").trim())).toBe(true);
    expect(description!.length).toBeGreaterThan(40);
    if (locale !== "en") {
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(HOME_PAGE.heroTitle);
    }
  });
}

test("the Arabic home page on a phone: right to left, nothing wider than the screen", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto("/ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_PAGE_TRANSLATIONS.ar!.hero_title!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "reports/screenshots/site-ar-390.png", fullPage: true });
  await phone.close();
});
