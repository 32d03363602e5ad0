import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

test("the Integrations page: an API key shown once, a Shopify till whose signed order earns, a webhook endpoint", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await signedInOwner(page, request, uniqueEmail("integrations"), "Ines Owner");
  await payPlan(page, "Growth"); // integrations are a Growth feature
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Till Café"),
  });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;
  // A stamp card running there: a till order earns one stamp (no caps that would hold it back).
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free tea", stamps_required: 8, cooldown_minutes: 0, daily_cap: 0 },
  });
  expect(reward.status()).toBe(201);

  await page.goto("/dashboard/main");
  await dashboardNav(page).getByRole("link", { name: "Integrations" }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();

  // An API key: shown once, with the warning; afterwards only its prefix is listed.
  await page.getByLabel("Key name").fill("Website sign-up");
  await page.getByRole("checkbox", { name: /cards:write/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Copy it now: you won't see it again.")).toBeVisible();
  const key = await page.getByLabel("API key", { exact: true }).inputValue();
  expect(key).toMatch(/^lc_test_/);
  await page.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByLabel("API key", { exact: true })).toHaveCount(0);
  const keys = page.getByRole("list", { name: "Your API keys" });
  await expect(keys.getByRole("heading", { name: "Website sign-up" })).toBeVisible();
  await expect(keys).toContainText(key.slice(0, 12));
  await expect(keys).toContainText("cards:read, cards:write");
  await expect(page.getByText(key)).toHaveCount(0);

  // The key works on the public API: the customer who will pay at the till gets a card.
  const customer = uniqueEmail("shopper");
  const enrolled = await request.post("/api/v1/cards", {
    headers: { authorization: `Bearer ${key}` },
    data: { business_id: businessId, name: "Sam Shopper", email: customer },
  });
  expect(enrolled.status()).toBe(201);

  // A Shopify connection: the URL to paste, with the provider's instructions.
  const secret = "shpss_e2e_signing_secret";
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Till Café" });
  await page.getByLabel("Platform").selectOption({ label: "Shopify" });
  await page.getByLabel("Signing secret").fill(secret);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByRole("heading", { name: "Now paste this URL into Shopify" })).toBeVisible();
  await expect(page.getByText(/Settings › Notifications › Webhooks, create a webhook/)).toBeVisible();
  const url = await page.getByLabel("Webhook URL", { exact: true }).inputValue();
  expect(url).toMatch(new RegExp(`^${E2E.webUrl}/api/hooks/shopify/\\d+$`));
  await page.getByRole("button", { name: "Done" }).click();

  // Shopify's orders/paid for that customer, signed over the raw body, sent to the pasted URL as
  // Shopify sends it (no browser, no session, no Origin).
  const raw = JSON.stringify({
    id: 1001001,
    name: "#1001",
    email: customer,
    currency: "GBP", // the business is in the United Kingdom
    total_price: "12.50",
    current_total_price: "12.50",
    financial_status: "paid",
    customer: { id: 1, email: customer, first_name: "Sam", last_name: "Shopper" },
  });
  const till = await request.post(url, {
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": "orders/paid",
      "x-shopify-hmac-sha256": createHmac("sha256", secret).update(raw).digest("base64"),
      "x-shopify-shop-domain": "e2e-shop.myshopify.com",
    },
    data: raw,
  });
  expect(till.status(), await till.text()).toBe(200);
  await page.reload();
  const orders = page.getByRole("list", { name: "Last orders of Shopify for Till Café" });
  await expect(orders).toContainText("1001001");
  await expect(orders).toContainText("Sam Shopper earned 1 stamp");

  // An order whose total is no amount is answered 200 (Shopify would retry it for days) and
  // listed among the orders that earned nothing, with its reason.
  const odd = JSON.stringify({ ...JSON.parse(raw), id: 1001002, total_price: "abc", current_total_price: "abc" });
  const oddAnswer = await request.post(url, {
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": "orders/paid",
      "x-shopify-hmac-sha256": createHmac("sha256", secret).update(odd).digest("base64"),
    },
    data: odd,
  });
  expect(oddAnswer.status(), await oddAnswer.text()).toBe(200);
  await page.reload();
  const skipped = page.getByRole("list", { name: "Orders of Shopify for Till Café that earned nothing" });
  await expect(skipped).toContainText("1001002");
  await expect(skipped).toContainText("its total is not an amount");

  // A webhook endpoint: a loopback address is refused beside the field; a public one is added
  // and its signing secret shown once.
  await page.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/hooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText(/resolves to a private or reserved address/).first()).toBeVisible();
  await page.getByLabel("Endpoint URL").fill("https://8.8.8.8/loyalty-hooks");
  // Only an event this test never causes: nothing is sent to that address.
  for (const box of await page.getByRole("group", { name: "Events to send" }).getByRole("checkbox").all()) {
    await box.uncheck();
  }
  await page.getByRole("checkbox", { name: "customer.updated" }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Copy it now: you won't see it again.")).toBeVisible();
  await expect(page.getByLabel("Signing secret", { exact: true }).last()).toHaveValue(/^whsec_/);
  await page.getByRole("button", { name: "I have copied it" }).click();
  const endpoints = page.getByRole("list", { name: "Your webhook endpoints" });
  await expect(endpoints).toContainText("https://8.8.8.8/loyalty-hooks");
  await expect(endpoints).toContainText("Nothing sent yet.");

  // The browser logs the refused loopback URL's 422 (asked for above); nothing else.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]);
});
