import { expect, type Page } from "@playwright/test";
import { test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { payPlan, signedInOwner } from "./fixtures/owner";

/** The payment journeys with the sandbox provider (no Stripe keys in the e2e stack). */

async function payWithCard(page: Page, number: string) {
  await expect(page.getByText("Test mode")).toBeVisible();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

const planStatus = async (page: Page) =>
  (await (await page.request.get("/api/user-profile")).json()).data.status_payment as string;

test("a new owner takes a plan with 4242…, lands on /thank-you, then the dashboard", async ({ page, request }) => {
  await signedInOwner(page, request, uniqueEmail("pay"));
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  await page.getByRole("button", { name: "Choose Starter" }).click();
  await expect(page).toHaveURL(/\/payment\?mode=newUser&plan=\d+$/);
  // The choice is kept locally.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("loyalty:plan") ?? "{}").name)).toBe("Starter");
  await expect(page.getByText("Starter plan, billed per month")).toBeVisible();
  await expect(page.getByTestId("payment-total")).toHaveText("$19.00");
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole("heading", { name: "Thank you for subscribing!" })).toBeVisible();
  await expect(page.getByText(/Your Starter plan is active until .* We charged \$19\.00/)).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);

  // The plan page shows it, with its receipt.
  await page.goto("/dashboard/plans");
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download receipt/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^receipt-\d+\.html$/);

  // Logging in again goes straight to the dashboard.
  await page.getByRole("button", { name: "LOG OUT" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test("an answer lost on the way: paying again sends the same attempt, charged once", async ({ page, request }) => {
  await signedInOwner(page, request, uniqueEmail("retry"));
  await page.getByRole("button", { name: "Choose Starter" }).click();
  // The charge goes through on the server, but its answer never reaches the browser.
  const sent: { idempotency_key: string; token: string }[] = [];
  let lose = true;
  await page.route("**/api/subscription-charge", async (route) => {
    sent.push(route.request().postDataJSON() as { idempotency_key: string; token: string });
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("alert").filter({ hasText: "You appear to be offline" }).first()).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
  const payments = (await (await page.request.get("/api/payment-list")).json()).data as { status: string }[];
  expect(payments.map((p) => p.status)).toEqual(["succeeded"]);
  expect(await planStatus(page)).toBe("1");
});

test("a declined card shows the provider's message and credits nothing", async ({ page, request }) => {
  await signedInOwner(page, request, uniqueEmail("decline"));
  await page.getByRole("button", { name: "Choose Growth" }).click();
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/payment/);
  expect(await planStatus(page)).toBe("0");
  // The failure is on record.
  await page.goto("/dashboard/plans");
  await expect(page.getByText("Failed", { exact: true })).toBeVisible();
});

test("a coupon lowers the amount charged", async ({ page, request }) => {
  await signedInOwner(page, request, uniqueEmail("coupon"));
  await page.getByRole("button", { name: "Choose Starter" }).click();
  await page.getByLabel("Coupon code").fill("NOPE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This coupon code does not exist." }).first()).toBeVisible();
  await page.getByLabel("Coupon code").fill("welcome20");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("payment-total")).toHaveText("$15.20");
  await payWithCard(page, "4242424242424242");
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByText(/We charged \$15\.20/)).toBeVisible();
  await page.goto("/dashboard/coupon");
  await expect(page.getByText("Used", { exact: true })).toBeVisible();
});

test("a business beyond the plan: the slot fee, then the business is added as typed", async ({ page, request }) => {
  await signedInOwner(page, request, uniqueEmail("slot"));
  await payPlan(page);
  const first = await page.request.post("/api/add-business", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      business_name: "First Shop",
      business_category: "Café and Coffee Shop",
      address: "1 High Street",
      state: "Greater London",
      city: "London",
      zip_code: "EC1A 1BB",
      country_name: "United Kingdom",
    },
  });
  expect(first.status()).toBe(201);

  await page.goto("/dashboard/business");
  await page.getByRole("button", { name: "Add business" }).click();
  await page.getByLabel("Business name").fill("Second Shop");
  await page.getByLabel("Business category").selectOption("Café and Coffee Shop");
  await page.getByLabel("Street address").fill("2 Low Street");
  await page.getByLabel("City").fill("Leeds");
  await page.getByLabel("State or region").fill("West Yorkshire");
  await page.getByLabel("Zip code").fill("LS1 1AA");
  await page.getByLabel("Country").selectOption("United Kingdom");
  await page.getByRole("button", { name: "Add business" }).click();

  await expect(page).toHaveURL(/\/payment\?mode=businessPayment$/);
  await expect(page.getByText("One more business (one-off fee)")).toBeVisible();
  await expect(page.getByTestId("payment-total")).toHaveText("$5.00");
  await payWithCard(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/dashboard\/business$/);
  await expect(page.getByLabel("Business name")).toHaveValue("Second Shop");
  await expect(page.getByLabel("City")).toHaveValue("Leeds");
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(page.getByText("Business added successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Second Shop" })).toBeVisible();
});
