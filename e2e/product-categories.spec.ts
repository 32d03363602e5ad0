// Products that earn more, on screen. The owner puts the till's item ids into a "Pastries"
// category and makes it earn double on a points programme; staff split a purchase by category at
// the scanner and the pastry part earns double. A Starter owner is offered the upgrade instead.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";
import { joinedStaff, signedInStaff } from "./fixtures/programme";
import { scannerReady } from "./fixtures/scanner";

const sameOrigin = { origin: E2E.webUrl };

test("the owner sets a category's item ids and a double rule; a split at the scanner earns double on the pastries", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  // An owner on Growth with a points programme: 1 point per euro, 5 a visit.
  await signedInOwner(page, page.request, uniqueEmail("pastry"), "Pia Owner");
  await payPlan(page, "Growth");
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Crumb Bakery"),
  });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Crumb points", kind: "points", points_per_unit: "1", points_per_visit: 5 },
  });
  expect(reward.status()).toBe(201);

  // The category, with the till's item ids: added one by one, a wrong one removed.
  await page.goto("/dashboard/product-category");
  const form = page.getByRole("region", { name: "Add a product category" });
  await form.getByLabel("Category name").fill("Pastries");
  await form.getByLabel("Business").selectOption({ label: "Crumb Bakery" });
  const itemId = form.getByLabel("Till item id");
  await expect(form.getByText("Shopify: the product's SKU or its product id.")).toBeVisible();
  await itemId.fill("CROISSANT-01");
  await form.getByRole("button", { name: "Add item id" }).click();
  await itemId.fill("TYPO-99");
  await itemId.press("Enter"); // adds the id, does not save the category
  await itemId.fill("ECLAIR-01");
  await itemId.press("Enter");
  const ids = form.getByRole("list", { name: "Till items of this category" });
  await expect(ids.getByRole("listitem")).toHaveCount(3);
  await ids.getByRole("button", { name: "Remove TYPO-99" }).click();
  await expect(ids.getByRole("listitem")).toHaveText(["CROISSANT-01", "ECLAIR-01"].map((id) => new RegExp(id)));
  await form.getByRole("button", { name: "Add category" }).click();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pastries", exact: true }) });
  await expect(row.getByTestId("category-item-ids")).toHaveText("2 till items: CROISSANT-01, ECLAIR-01");

  // Its earning rule on the points programme: double, in the programme's words.
  const rules = row.getByRole("region", { name: "Earning rules of Pastries" });
  await expect(rules.getByText("No earning rule yet")).toBeVisible();
  const ruleForm = rules.getByRole("form", { name: "Earning rule for Pastries" });
  await expect(ruleForm.getByLabel("Programme")).toHaveValue(String((await reward.json()).data.id));
  await expect(ruleForm.getByText("2 earns double points on these products, 0 earns none.")).toBeVisible();
  await ruleForm.getByLabel("Multiplier").fill("2");
  await ruleForm.getByRole("button", { name: "Save rule" }).click();
  await expect(rules.getByTestId("category-rule")).toHaveText(/Crumb points: Earns 2× points/);

  // An edit keeps the ids and changes them.
  await row.getByRole("button", { name: "Edit Pastries" }).click();
  const edit = page.getByRole("region", { name: "Rename Pastries" });
  await expect(edit.getByRole("list", { name: "Till items of this category" }).getByRole("listitem")).toHaveCount(2);
  await edit.getByLabel("Till item id").fill("PAIN-CHOC-01");
  await edit.getByRole("button", { name: "Add item id" }).click();
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(row.getByTestId("category-item-ids")).toHaveText("3 till items: CROISSANT-01, ECLAIR-01, PAIN-CHOC-01");
  // On a 390 px phone nothing is wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rules.getByLabel("Multiplier")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "reports/screenshots/product-categories-390.png", fullPage: true });

  // A customer joins (the visit's 5 points).
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: (await reward.json()).data.id },
  });
  const phone = await browser.newContext();
  const joined = await phone.request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: (await qr.json()).data.qr_token, name: "Cal Crumb", email: uniqueEmail("cal"), consent: true },
  });
  expect(joined.status()).toBe(201);
  const serial = (await joined.json()).data.card.serial as string;
  await phone.close();

  // Staff at the scanner split €10.00: €4.00 of pastries.
  const staffEmail = await joinedStaff(page, "Tom Till");
  const desk = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const staff = await desk.newPage();
  staff.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await signedInStaff(staff, staffEmail);
  await staff.goto("/dashboard/my-scans"); // a phone: the menu is folded away
  await staff.getByLabel("Purchase amount").fill("10.00");
  await staff.getByRole("button", { name: "+ Split by category" }).click();
  const split = staff.getByRole("group", { name: "Split by category" });
  await split.getByLabel("Category 1").selectOption({ label: "Pastries" });
  await split.getByLabel("Amount 1").fill("4.00");
  await expect(split.getByTestId("split-rest")).toHaveText("At the base rate: 6.00");
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await staff.screenshot({ path: "reports/screenshots/scanner-split-390.png", fullPage: true });
  // A split needs the purchase amount: without it nothing is sent.
  await staff.getByLabel("Purchase amount").clear();
  await scannerReady(staff);
  await staff.getByLabel("Or type the card's code").fill(serial);
  await staff.getByLabel("Or type the card's code").press("Enter");
  await expect(staff.getByRole("alert").getByText("Type the purchase amount to split it by category.")).toBeVisible();
  await staff.getByLabel("Purchase amount").fill("10.00");
  await staff.getByLabel("Or type the card's code").press("Enter");

  // 6 at the base rate + 2 × 4 pastries = 14, + 5 for the visit: 19, after the join's 5.
  const result = staff.getByTestId("scan-result");
  await expect(result.getByRole("status")).toContainText("19 points");
  await expect(result.getByTestId("scan-balance")).toHaveText(/^24 points/);
  // The purchase is done: the next customer starts without a split.
  await expect(staff.getByLabel("Purchase amount")).toHaveValue("");
  await expect(staff.getByRole("group", { name: "Split by category" })).toHaveCount(0);
  await desk.close();

  // The rule deleted: the category earns at the base rate again.
  await rules.getByRole("button", { name: "Delete Crumb points · Pastries" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete rule" }).click();
  await expect(rules.getByText("No earning rule yet")).toBeVisible();

  expect(errors).toEqual([]);
});

test("a Starter owner is offered the Growth plan, not a form the plan refuses", async ({ page }) => {
  await signedInOwner(page, page.request, uniqueEmail("starter-cat"), "Sid Starter");
  await payPlan(page, "Starter");
  await page.goto("/dashboard/product-category");
  const upsell = page.getByTestId("categories-upsell");
  await expect(upsell).toContainText("Products that earn more come with the Growth plan");
  await expect(upsell.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/dashboard/plans");
  await expect(page.getByRole("button", { name: "Add category" })).toHaveCount(0);
  await expect(page.getByLabel("Till item id")).toHaveCount(0);
});
