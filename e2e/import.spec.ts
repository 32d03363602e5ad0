import { expect, test } from "@playwright/test";
import { logIn } from "./fixtures/auth";

// Importing customers from a CSV file on the demo owner's customers page: the preview with the
// proposed mapping and the row left out, then the import's progress bar and its result.

const DEMO = { email: "demo@example.com", password: "demo-password" };

test("the demo owner imports a small CSV file with a bad row, at 390 px", async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await page.goto("/dashboard/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();

  const stamp = Date.now();
  const csv = [
    "Name,Email,Phone,Birthday,Stamps,consent_email",
    `Imported Ivy,ivy-${stamp}@example.com,,1990-05-01,3,yes`,
    `Imported Jon,jon-${stamp}@example.com,,,1,no`,
    "Broken Bea,not-an-email,,,,no",
  ].join("\n");

  await page.getByRole("button", { name: "Import customers" }).click();
  const dialog = page.getByRole("dialog", { name: "Import customers" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "customers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await dialog.getByLabel("Business").selectOption({ label: "Demo Café" });
  const previewed = page.waitForResponse((res) => res.url().includes("/customer-import-preview"));
  await dialog.getByRole("button", { name: "Check the file" }).click();
  expect((await previewed).status()).toBe(200);

  // The preview: the header's columns, the counts and the row left out with its line and reason.
  const mapping = dialog.getByRole("table", { name: "Columns found" });
  await expect(mapping.getByRole("row", { name: /Email/ }).first()).toContainText("Email");
  await expect(dialog.getByText("3 rows: 2 to import, 1 left out.")).toBeVisible();
  await expect(dialog.getByText("Line 4: The email address is not valid.")).toBeVisible();
  await page.screenshot({ path: info.outputPath("import-preview-390.png"), fullPage: true });

  await dialog.getByRole("button", { name: "Import 2 customers" }).click();
  const progress = dialog.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "2");
  await expect(progress).toHaveAttribute("aria-valuemax", "2");
  await expect(dialog.getByText("Done: 2 new customers, 2 new cards, 0 already here.")).toBeVisible();
  // The page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath("import-done-390.png"), fullPage: true });

  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByLabel("Search").fill(`ivy-${stamp}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator("table.customer-table tbody tr")).toHaveCount(1);
});
