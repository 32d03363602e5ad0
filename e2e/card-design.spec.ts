import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { uniqueEmail } from "./fixtures/auth";
import { axeViolations } from "./fixtures/axe";
import { E2E } from "./fixtures/env";
import { businessFields, dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };
const background = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator(".cd-card, .cd-pass")
    .evaluate((el) => getComputedStyle(el).backgroundColor);

async function axeClean(page: Page) {
  const violations = await axeViolations(page, ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the card designer: colours and a strip change the preview before saving, low contrast is announced, the saved design reaches the card page", async ({
  page,
  request,
  browser,
}) => {
  await signedInOwner(page, request, uniqueEmail("design"), "Dana Designer");
  await payPlan(page);
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
  const qrToken = (await qr.json()).data.qr_token as string;

  await page.goto("/dashboard/main");
  await dashboardNav(page).getByRole("link", { name: "Card Design" }).click();
  await expect(page).toHaveURL(/\/dashboard\/card-design$/);
  await expect(page.getByRole("heading", { name: "Card design", level: 1 })).toBeVisible();
  // A client-side navigation streams the page's metadata after its body: the title comes a moment later.
  await expect(page).toHaveTitle(/Card design/);
  await axeClean(page);

  // The previews follow the form as the owner types, before anything is saved.
  await page.getByLabel("Card title").fill("Plum Rewards");
  await page.getByRole("textbox", { name: "Background colour", exact: true }).fill("#5b2a86");
  // Colour codes read left to right on every page, Arabic too.
  await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toHaveAttribute("dir", "ltr");
  await page.getByRole("textbox", { name: "Text colour", exact: true }).fill("#fdf6e3");
  for (const preview of ["preview-web", "preview-apple", "preview-google"]) {
    await expect(page.getByTestId(preview)).toContainText("Plum Rewards");
    expect(await background(page, preview)).toBe("rgb(91, 42, 134)");
  }
  await expect(page.getByTestId("contrast-warning")).toHaveCount(0);

  // A label colour too close to the background: a status message with the ratio, not colour alone.
  await page.getByRole("textbox", { name: "Label colour", exact: true }).fill("#6a3a95");
  await expect(page.getByRole("status").filter({ hasText: "contrast" })).toContainText(
    /Label colour on the background has a contrast of \d+\.\d\d:1, below 4\.5:1/,
  );
  await page.getByRole("textbox", { name: "Label colour", exact: true }).fill("#f5d0fe");
  await expect(page.getByTestId("contrast-warning")).toHaveCount(0);

  // A strip image: previewed in the form and on both passes before saving.
  const strip = await sharp({ create: { width: 1125, height: 369, channels: 3, background: "#ff8800" } })
    .png()
    .toBuffer();
  await page.getByLabel("Strip image").setInputFiles({ name: "strip.png", mimeType: "image/png", buffer: strip });
  await expect(page.getByTestId("preview-apple").locator("img.cd-strip")).toHaveAttribute("src", /^blob:/);
  await expect(page.getByTestId("preview-google").locator("img.cd-hero")).toHaveAttribute("src", /^blob:/);

  await page.getByRole("button", { name: "Save design" }).click();
  await expect(page.getByTestId("preview-apple").locator("img.cd-strip")).toHaveAttribute("src", /^\/api\/files\//);

  // Saved: the card's public face carries the design.
  const detail = await request.get(`${E2E.webUrl}/api/qr-detail?qr_token=${encodeURIComponent(qrToken)}`);
  expect(detail.status()).toBe(200);
  expect((await detail.json()).data.business.design).toMatchObject({
    title: "Plum Rewards",
    background_color: "#5b2a86",
    foreground_color: "#fdf6e3",
    label_color: "#f5d0fe",
  });

  // A customer's card page shows the band in the design's colours, the strip and the stamps in them.
  const customer = await browser.newContext();
  const joined = await customer.request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: qrToken, name: "Cleo Customer", email: uniqueEmail("cleo"), consent: true },
  });
  expect(joined.status()).toBe(201);
  const card = await customer.newPage();
  await card.goto(`/add-to-wallet?qr_token=${qrToken}`);
  const band = card.locator(".wallet-card-band");
  await expect(band.getByText("Plum Rewards")).toBeVisible();
  expect(await band.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(91, 42, 134)");
  expect(await band.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(253, 246, 227)");
  await expect(band.locator("img.wallet-card-strip")).toHaveAttribute("src", /^\/api\/files\//);
  expect(
    await card
      .locator(".wallet-stamp.filled")
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe("rgb(91, 42, 134)");
  await axeClean(card);
  await customer.close();

  // Phone width: the previews stack under the form; still axe clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Card design", level: 1 })).toBeVisible();
  await expect(page.getByTestId("preview-web")).toBeVisible();
  await axeClean(page);
});

test("the card designer is usable by keyboard: tab to a colour, type, save", async ({ page, request }) => {
  await signedInOwner(page, request, uniqueEmail("design-kb"), "Kai Keys");
  await payPlan(page);
  expect(
    (
      await page.request.post("/api/add-business", { headers: sameOrigin, multipart: businessFields("Key Café") })
    ).status(),
  ).toBe(201);
  await page.goto("/dashboard/card-design");
  const title = page.getByLabel("Card title");
  await title.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("Keyed card");
  await page.keyboard.press("Tab"); // the background picker
  await page.keyboard.press("Tab"); // its hex field
  await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("#123456");
  await expect(page.getByTestId("preview-web")).toContainText("Keyed card");
  await page.getByRole("button", { name: "Save design" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Card design saved.")).toBeVisible();
});
