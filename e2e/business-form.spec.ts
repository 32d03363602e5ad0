// The business form keeps what the business has while its lists load: saving before the
// categories and countries arrive keeps the business's own category and country.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

test("an edit saved before the category and country lists load keeps the business's own", async ({ page }) => {
  await signedInOwner(page, page.request, uniqueEmail("slowlists"), "Sal Owner");
  await payPlan(page, "Growth");
  const added = await page.request.post("/api/add-business", {
    headers: { origin: E2E.webUrl },
    multipart: businessFields("Slow Lists Café"),
  });
  expect(added.status()).toBe(201);

  // The lists answer only once the edit is saved.
  let release!: () => void;
  const saved = new Promise<void>((resolve) => (release = resolve));
  for (const list of ["**/api/category-list*", "**/api/country-list*"]) {
    await page.route(list, async (route) => {
      await saved;
      await route.continue();
    });
  }
  await page.goto("/dashboard/business");
  await page.getByRole("button", { name: "Edit Slow Lists Café" }).click();
  await expect(page.getByLabel("Business category")).toHaveValue("Café and Coffee Shop");
  await page.getByLabel("Currency").fill("EUR");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/add-business"));
  await page.getByRole("button", { name: "Save business" }).click();
  expect((await answer).status()).toBe(200);
  release();
  await expect(page.getByRole("heading", { name: "Edit Slow Lists Café" })).toHaveCount(0);
  const business = (await (await page.request.get("/api/business-list")).json()).data.items[0];
  expect(business).toMatchObject({ currency: "EUR", business_category: "Café and Coffee Shop" });
});
