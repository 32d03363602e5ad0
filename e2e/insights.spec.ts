import fs from "node:fs";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import type { Locale } from "../contract/locales";
import ar from "../messages/ar/insights.json";
import en from "../messages/en/insights.json";
import { logIn } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { E2E } from "./fixtures/env";

// The demo owner's Insights page, as an owner reads it: every figure with its sentence, what
// messages and offers brought (or that there are too few customers to tell), the control group
// saved, the cohort heatmap and the RFM segments each with a table view, a CSV read back from
// the download; in Arabic right to left and at 390 px, with no serious or critical axe finding.

const DEMO = { email: "demo@example.com", password: "demo-password" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FIGURES = Object.keys(en.figures) as (keyof typeof en.figures)[];
type Words = typeof en;

const speak = (context: BrowserContext, locale: Locale) =>
  context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: E2E.webUrl }]);

/** The Insights page of one of the demo businesses, every panel drawn. */
async function openInsights(page: Page, words: Words, business = "Demo Café") {
  await page.goto("/dashboard/insights");
  await expect(page.getByRole("heading", { name: words.title, level: 1 })).toBeVisible();
  await page.getByLabel(words.business, { exact: true }).selectOption({ label: business });
  for (const panel of [words.summary, words.lift.title, words.cohorts.title, words.rfm.title]) {
    await expect(page.getByRole("region", { name: panel })).toBeVisible({ timeout: 15_000 });
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Each figure shows its label, a value and the one sentence that explains it. */
async function expectFigures(page: Page, words: Words) {
  const figures = page.getByRole("region", { name: words.summary }).locator(".insights-figure");
  await expect(figures).toHaveCount(FIGURES.length);
  for (const figure of FIGURES) {
    const shown = page.locator(`.insights-figure[data-figure="${figure}"]`);
    await expect(shown.locator("dt")).toHaveText(words.figures[figure].label);
    await expect(shown.locator(".insights-value")).not.toBeEmpty();
    await expect(shown.locator("dd").last()).toHaveText(words.figures[figure].explain);
  }
}

/** The lift panel's sentence: an estimate with its interval, or too few customers to tell. */
function liftSentence(words: Words) {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = (sentence: string) => escape(sentence).replace(/\\\{\w+\\\}/g, ".+");
  return new RegExp(`^(${pattern(words.lift.statement)}|${pattern(words.lift.tooFew)})$`);
}

/** Switches a chart panel to its table and back, checking both views. */
async function expectChartAndTable(page: Page, panel: string, chart: string, table: string, words: Words) {
  const region = page.getByRole("region", { name: panel });
  await expect(region.getByLabel(chart)).toBeVisible();
  await region.getByRole("button", { name: words.showTable }).click();
  await expect(region.getByRole("button", { name: words.showTable })).toHaveAttribute("aria-pressed", "true");
  const shown = region.getByRole("table", { name: table });
  await expect(shown).toBeVisible();
  expect(await shown.locator("tbody tr").count()).toBeGreaterThan(0);
  return region;
}

/** Nothing on the page is wider than the screen (a table scrolls inside its own box). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function axe(page: Page, label: string): Promise<string[]> {
  const violations = await axeViolations(page, TAGS);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

test("the demo owner reads every figure, the lift, the control group, cohorts, segments and a CSV", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/main$/, { timeout: 20_000 });
  await openInsights(page, en);
  await expectFigures(page, en);
  await expect(page.locator(".insights-lift")).toHaveText(liftSentence(en));

  // The cohort heatmap and its table; the segments and theirs, each segment reachable.
  const cohorts = await expectChartAndTable(page, en.cohorts.title, en.cohorts.chartLabel, en.cohorts.caption, en);
  await expect(cohorts.getByRole("columnheader", { name: en.cohorts.month })).toBeVisible();
  const segments = await expectChartAndTable(page, en.rfm.title, en.rfm.chartLabel, en.rfm.caption, en);
  const firstSegment = (await segments.locator("tbody tr th").first().textContent())!;
  await expect(segments.getByRole("link", { name: `Message ${firstSegment}` })).toHaveAttribute(
    "href",
    /\/dashboard\/notifications\?business_id=\d+&segment=rfm%3A/,
  );
  expect(await axe(page, "insights, tables shown")).toEqual([]);

  // The figures' CSV, read back from the file the browser saved.
  const summary = page.getByRole("region", { name: en.summary });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    summary.getByRole("button", { name: `Download CSV: ${en.summary}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^summary-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(`${en.figure},${en.value}`);
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(FIGURES.map((f) => en.figures[f].label));
  // Counts are whole numbers, money plain decimals (no symbol a spreadsheet would not sum).
  expect(lines[1]).toMatch(/^Visits,\d+$/);
  expect(lines.find((line) => line.startsWith("Reward cost,"))).toMatch(/^Reward cost,(\d+\.\d+)?$/);

  // The cohorts' CSV: its header and a row per month shown in the table.
  const [cohortFile] = await Promise.all([
    page.waitForEvent("download"),
    cohorts.getByRole("button", { name: `Download CSV: ${en.cohorts.title}` }).click(),
  ]);
  const cohortLines = fs
    .readFileSync((await cohortFile.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(cohortLines[0]).toMatch(/^Month joined,Customers(,\d+ months? after)*$/);
  expect(cohortLines.length - 1).toBe(await cohorts.locator("tbody tr").count());
  expect(cohortLines[1]).toMatch(/^\d{4}-\d{2},\d+(,[01]\.\d{4})*$/);
});

test("the control group saved stays saved", async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/main$/, { timeout: 20_000 });
  // Demo Nails: no other test reads its messages' reach, so holding cards out there changes nothing else.
  await openInsights(page, en, "Demo Nails");
  const lift = page.getByRole("region", { name: en.lift.title });
  const percent = lift.getByLabel(en.control.label);
  const next = (await percent.inputValue()) === "10" ? "15" : "10";
  await percent.fill(next);
  await lift.getByRole("button", { name: en.control.save }).click();
  await expect(page.getByRole("status").filter({ hasText: /./ }).first()).toBeVisible();
  // Out of range is refused beside the field, and nothing is saved.
  await percent.fill("25");
  await lift.getByRole("button", { name: en.control.save }).click();
  await expect(lift.getByRole("alert")).toBeVisible();
  await expect(percent).toHaveAttribute("aria-invalid", "true");

  await openInsights(page, en, "Demo Nails");
  await expect(page.getByRole("region", { name: en.lift.title }).getByLabel(en.control.label)).toHaveValue(next);
});

test("in Arabic, right to left, at 390 px: every figure explained, nothing wider than the screen, axe clean", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await speak(context, "ar");
  await page.setViewportSize(PHONE);
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/main$/, { timeout: 20_000 });
  await openInsights(page, ar);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expectFigures(page, ar);
  await expect(page.locator(".insights-lift")).toHaveText(liftSentence(ar));
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const found = await axe(page, "ar @390, charts");

  await expectChartAndTable(page, ar.cohorts.title, ar.cohorts.chartLabel, ar.cohorts.caption, ar);
  await expectChartAndTable(page, ar.rfm.title, ar.rfm.chartLabel, ar.rfm.caption, ar);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  found.push(...(await axe(page, "ar @390, tables")));
  await page.setViewportSize(DESKTOP);
  found.push(...(await axe(page, "ar @1280, tables")));
  expect(found).toEqual([]);
});

test("at 390 px in English: nothing wider than the screen with charts or tables, axe clean", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/main$/, { timeout: 20_000 });
  await openInsights(page, en);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  const found = await axe(page, "en @390, charts");
  await expectChartAndTable(page, en.cohorts.title, en.cohorts.chartLabel, en.cohorts.caption, en);
  await expectChartAndTable(page, en.rfm.title, en.rfm.chartLabel, en.rfm.caption, en);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  found.push(...(await axe(page, "en @390, tables")));
  expect(found).toEqual([]);
});
