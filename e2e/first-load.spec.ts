// What a phone loads for the main dashboard and the scanner before they are used: no zod (the
// contract's schemas come with the forms that check them) and no chart library, and the pages still
// show their figures, chart and scanner.
import { expect, test, type Page } from "@playwright/test";
import { holdScripts } from "./fixtures/held-scripts";
import { ownerWithProgramme } from "./fixtures/programme";

/** Text only zod's own code carries (an error class's name, which minifying keeps). */
const ZOD = "ZodError";

/** Every script a page fetches from navigation until the network is idle, as text. */
async function scriptsUntilIdle(page: Page, path: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  });
  await page.goto(path, { waitUntil: "networkidle" });
  return Promise.all(bodies);
}

test("on a phone, the main dashboard and the scanner load no zod before a form is used", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await ownerWithProgramme(page, browser);
  const session = await page.context().storageState();
  await page.context().close();
  for (const path of ["/dashboard/main", "/dashboard/my-scans"]) {
    const phone = await browser.newContext({
      storageState: session,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "block",
    });
    const first = await phone.newPage();
    const scripts = await scriptsUntilIdle(first, path);
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((body) => body.includes(ZOD)),
      path,
    ).toEqual([]);
    if (path === "/dashboard/main") {
      await expect(first.getByRole("img", { name: /per day, last 30 days/ })).toBeVisible();
    } else {
      await expect(first.getByRole("button", { name: "Scan with the camera" })).toBeVisible();
    }
    await phone.close();
  }

  // On a short screen the chart is below the figures: it is drawn when it is scrolled to.
  const short = await browser.newContext({ storageState: session, viewport: { width: 412, height: 420 } });
  const page2 = await short.newPage();
  await page2.goto("/dashboard/main", { waitUntil: "networkidle" });
  const chart = page2.getByRole("img", { name: /per day, last 30 days/ });
  await expect(page2.getByTestId("kpi-customers")).toHaveText("1");
  await expect(page2.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(chart).toHaveCount(0);
  await page2.getByText("Show as table").scrollIntoViewIfNeeded();
  await expect(chart).toBeVisible();
  await short.close();
});

test("the main dashboard arrives drawn: the greeting, the figures and the programme's words are in the document before any script runs", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await ownerWithProgramme(page, browser);
  const session = await page.context().storageState();
  await page.context().close();
  const noScript = await browser.newContext({ storageState: session, javaScriptEnabled: false });
  const first = await noScript.newPage();
  await first.goto("/dashboard/main");
  await expect(first.getByRole("heading", { level: 1, name: "Welcome back, Ada Owner" })).toBeVisible();
  // One customer joined; a stamp programme's words, not a neutral "loading".
  await expect(first.getByTestId("kpi-customers")).toHaveText("1");
  await expect(first.getByRole("heading", { name: "Stamps and new customers, last 30 days" })).toBeVisible();
  await noScript.close();
});

test("the chart's table opened before the main dashboard's scripts run shows its rows once they have", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await ownerWithProgramme(page, browser);
  const release = await holdScripts(page);
  await page.goto("/dashboard/main", { waitUntil: "commit" });
  // The browser opens the disclosure itself; its toggle event comes before React listens.
  await page.getByText("Show as table").click();
  release();
  await expect(page.getByRole("table", { name: /Stamps and new customers per day/ })).toBeVisible();
});
