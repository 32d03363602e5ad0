import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

/** A signed-in owner on Starter with one business (through the BFF). */
async function ownerWithBusiness(page: Page, name: string) {
  await signedInOwner(page, page.request, uniqueEmail("reach"), "Rita Owner");
  await payPlan(page);
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields(name),
  });
  expect(business.status()).toBe(201);
  return (await business.json()).data.id as number;
}

const panel = (page: Page) => page.getByRole("region", { name: "Message settings" });

test("the owner turns mails on and lowers the weekly cap; the page shows what was saved", async ({ page }) => {
  test.setTimeout(120_000);
  const businessId = await ownerWithBusiness(page, "Quay Coffee");
  await page.goto("/dashboard/notifications");
  const settings = panel(page);
  await expect(settings.getByLabel("Business")).toHaveValue(String(businessId));
  // A business never saved: every mail off, 3 a week.
  const rewardReady = settings.getByRole("checkbox", { name: "Reward ready" });
  const expiry = settings.getByRole("checkbox", { name: "Before expiry" });
  const vouchers = settings.getByRole("checkbox", { name: "Vouchers" });
  const cap = settings.getByLabel("Marketing messages per customer a week");
  await expect(rewardReady).not.toBeChecked();
  await expect(expiry).not.toBeChecked();
  await expect(vouchers).not.toBeChecked();
  await expect(cap).toHaveValue("3");

  await rewardReady.check();
  await vouchers.check();
  await cap.selectOption({ label: "At most 1 a week" });
  await settings.getByRole("button", { name: "Save message settings" }).click();
  await expect(page.getByText("Message settings saved.")).toBeVisible();

  // What the server keeps, read back through reach-settings-get and shown again after a reload.
  const saved = await page.request.get(`/api/reach-settings-get?business_id=${businessId}`);
  expect((await saved.json()).data).toEqual({
    business_id: businessId,
    weekly_cap: 1,
    mail_reward_ready: true,
    mail_expiry: false,
    mail_vouchers: true,
  });
  await page.reload();
  await expect(panel(page).getByRole("checkbox", { name: "Reward ready" })).toBeChecked();
  await expect(panel(page).getByRole("checkbox", { name: "Before expiry" })).not.toBeChecked();
  await expect(panel(page).getByRole("checkbox", { name: "Vouchers" })).toBeChecked();
  await expect(panel(page).getByLabel("Marketing messages per customer a week")).toHaveValue("1");

  // None at all is a choice too.
  await panel(page).getByLabel("Marketing messages per customer a week").selectOption("0");
  await panel(page).getByRole("button", { name: "Save message settings" }).click();
  await expect(page.getByText("Message settings saved.")).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/reach-settings-get?business_id=${businessId}`)).json()).data)
    .toMatchObject({ weekly_cap: 0 });
});

test("shows the server's field error beside the field it names", async ({ page }) => {
  test.setTimeout(120_000);
  await ownerWithBusiness(page, "Dock Diner");
  // A refusal the browser's own check cannot foresee (the server's word on the field).
  await page.route("**/api/reach-settings-save", (route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({
        status: false,
        message: "The given data was invalid.",
        code: "validation_failed",
        errors: { weekly_cap: ["The weekly cap must be a whole number from 0 to 3."] },
      }),
    }),
  );
  await page.goto("/dashboard/notifications");
  const settings = panel(page);
  await expect(settings.getByLabel("Marketing messages per customer a week")).toHaveValue("3");
  await settings.getByRole("button", { name: "Save message settings" }).click();
  const cap = settings.getByLabel("Marketing messages per customer a week");
  await expect(cap).toHaveAttribute("aria-invalid", "true");
  await expect(settings.getByRole("alert")).toHaveText("The weekly cap must be a whole number from 0 to 3.");
});

test("fits a 390 px phone: the panel scrolls with the page, nothing sideways", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await ownerWithBusiness(page, "A business with a rather long name for a small screen");
  await page.goto("/dashboard/notifications");
  const settings = panel(page);
  await expect(settings.getByRole("checkbox", { name: "Reward ready" })).toBeVisible();
  await settings.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await settings.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await context.close();
});
