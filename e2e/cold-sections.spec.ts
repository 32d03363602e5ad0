import { expect, test, type Page } from "@playwright/test";
import { DASHBOARD_SECTIONS, type DashboardSection } from "../lib/routes";
import { ownerWithProgramme } from "./fixtures/programme";

// Every dashboard section is complete when it is the first page a browser opens: a fresh context
// (nothing cached, no page visited before) loads the section's URL and finds the section styled.
// Each check reads a computed style that only the stylesheet the section relies on gives.

type Check = {
  /** What to do first to show the styled part (e.g. open a QR code's print sheet). */
  open?: (page: Page) => Promise<void>;
  selector: string;
  property: string;
  value: string;
};

const CHECKS: Record<DashboardSection, Check[]> = {
  main: [{ selector: ".kpi-grid", property: "display", value: "grid" }],
  business: [{ selector: ".section-header", property: "display", value: "flex" }],
  "my-qr-code": [
    {
      open: (page) =>
        page
          .getByRole("button", { name: /View and print/ })
          .first()
          .click(),
      selector: ".print-sheet",
      property: "display",
      value: "flex",
    },
  ],
  "my-scans": [{ selector: ".scan-filters", property: "display", value: "flex" }],
  rewards: [{ selector: ".reward-earn", property: "font-weight", value: "600" }],
  offers: [{ selector: ".form-row", property: "display", value: "grid" }],
  address: [{ selector: ".section-header", property: "display", value: "flex" }],
  notifications: [{ selector: ".notifications-page textarea", property: "box-sizing", value: "border-box" }],
  "product-category": [{ selector: ".form-row", property: "display", value: "grid" }],
  profile: [{ selector: ".grid-2", property: "display", value: "grid" }],
  "my-staff": [{ selector: ".form-row", property: "display", value: "grid" }],
  "how-to-use": [{ selector: ".guide-step", property: "display", value: "grid" }],
  plans: [{ selector: ".table", property: "border-collapse", value: "collapse" }],
  coupon: [{ selector: ".inline-field", property: "display", value: "flex" }],
  customers: [
    { selector: ".customer-filters", property: "display", value: "flex" },
    { selector: ".customer-table", property: "border-collapse", value: "collapse" },
    { selector: ".table-scroll", property: "overflow-x", value: "auto" },
  ],
  automations: [{ selector: ".automation-grid", property: "display", value: "grid" }],
  "card-design": [{ selector: ".cd-layout", property: "display", value: "grid" }],
  integrations: [{ selector: ".checkbox-group", property: "display", value: "grid" }],
  insights: [{ selector: ".insights-figures", property: "display", value: "grid" }],
};

test("every dashboard section is styled when it is the first page a browser opens, the Customers table on a phone (390 px) too", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await ownerWithProgramme(page, browser);
  const session = await page.context().storageState();
  await page.context().close();

  for (const section of DASHBOARD_SECTIONS) {
    await test.step(section, async () => {
      const cold = await browser.newContext({ storageState: session });
      const first = await cold.newPage();
      await first.goto(`/dashboard/${section}`);
      for (const check of CHECKS[section]) {
        await check.open?.(first);
        const target = first.locator(check.selector).first();
        await expect(target, `${section}: ${check.selector}`).toBeVisible();
        await expect(target, `${section}: ${check.selector} ${check.property}`).toHaveCSS(check.property, check.value);
      }
      await cold.close();
    });
  }

  // The same owner's session: a browser of its own is as cold as one made for a new owner.
  await test.step("customers at 390 px: styled, nothing wider than the screen", async () => {
    const phone = await browser.newContext({ storageState: session, viewport: { width: 390, height: 844 } });
    const first = await phone.newPage();
    await first.goto("/dashboard/customers");
    const table = first.locator(".customer-table");
    await expect(table).toHaveCSS("border-collapse", "collapse");
    await expect(first.locator(".table-scroll").first()).toHaveCSS("overflow-x", "auto");
    expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await first.screenshot({ path: "reports/screenshots/customers-cold-390.png", fullPage: true });
    await phone.close();
  });
});
