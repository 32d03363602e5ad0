import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { headers: sameOrigin, data });
  expect(res.status(), path).toBeLessThan(300);
  return (await res.json()).data;
}

// Several programmes at one business: a customer holds one card per business. Whichever of its
// codes they scan, they see their own card and its terms; the owner sees which programme a card
// and a code belong to.
test("a points card holder who scans the stamp card's code sees their points card, never the stamp card's headline", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInOwner(page, page.request, uniqueEmail("two"), "Ada Owner");
  await payPlan(page);
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Blue Bean Café"),
  });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;
  const coffee = await post(page, "/api/add-reward", {
    business_id: businessId,
    title: "Free coffee",
    stamps_required: 8,
    cooldown_minutes: 0,
    daily_cap: 0,
  });
  const stampQr = await post(page, "/api/generate-qr", {
    business_id: businessId,
    label: "Door",
    reward_id: coffee.id,
  });

  // Adding a second programme: the form says a customer holds one card per business.
  await page.goto("/dashboard/rewards");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Blue Bean Café" });
  await expect(page.getByTestId("one-card")).toContainText("A customer holds one card per business.");
  const beans = await post(page, "/api/add-reward", {
    business_id: businessId,
    title: "Bean Points",
    kind: "points",
    points_per_unit: 1,
    points_per_visit: 5,
    cooldown_minutes: 0,
    daily_cap: 0,
  });
  const pointsQr = await post(page, "/api/generate-qr", {
    business_id: businessId,
    label: "Till",
    reward_id: beans.id,
  });

  // A customer joins the points programme, then scans the stamp card's code at the door.
  const phone = await browser.newContext();
  const customer = await phone.newPage();
  await customer.goto(`/add-to-wallet?qr_token=${pointsQr.qr_token}`);
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByRole("checkbox", { name: /I agree/ }).check();
  await customer.getByRole("button", { name: "Join and start collecting points" }).click();
  await expect(customer.getByTestId("card-balance")).toContainText("points");
  await customer.goto(`/add-to-wallet?qr_token=${stampQr.qr_token}`);
  const headline = customer.getByRole("region", { name: "Reward" });
  await expect(headline).toHaveText("Collect points for Bean Points");
  await expect(customer.getByTestId("card-balance")).toContainText("points");
  expect(await customer.locator("body").innerText()).not.toMatch(/stamp|Free coffee/i);
  // In Spanish: the headline and the card's balance both in the page's language.
  await phone.addCookies([{ name: "NEXT_LOCALE", value: "es", url: E2E.webUrl }]);
  await customer.goto(`/add-to-wallet?qr_token=${stampQr.qr_token}`);
  await expect(customer.getByRole("region", { name: "Recompensa" })).toHaveText("Reúne puntos para Bean Points");
  await expect(customer.getByTestId("card-balance")).toContainText("puntos");
  await phone.close();

  // The owner: each code says which programme it joins; the directory, which programme the card is.
  await page.goto("/dashboard/my-qr-code");
  await expect(page.getByText("Joins Free coffee (stamps)")).toBeVisible();
  await expect(page.getByText("Joins Bean Points (points)")).toBeVisible();
  await page.goto("/dashboard/customers");
  await expect(page.getByTestId("card-programme")).toHaveText("Bean Points (Points)");
  await page.getByRole("button", { name: "Ann Lee" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("card-programme")).toHaveText("Bean Points (Points)");
  await expect(dialog).toContainText("A customer holds one card per business.");
});
