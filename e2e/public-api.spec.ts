// The public API on the public origin. The web server forwards /api/v1/ to the API
// server untouched: the caller's own Authorization, never the session; a session cookie opens
// nothing there, and a key opens none of the dashboard's calls.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

test("an API key enrols, earns and reads a card through the web server; a session opens nothing there", async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  await signedInOwner(page, page.request, uniqueEmail("api"), "Ari Api");
  await payPlan(page, "Growth");
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: {
      business_name: "Api Deli",
      address: "4 Port Road",
      business_category: "Bakery",
      state: "Greater London",
      city: "London",
      zip_code: "E1 6AN",
      country_name: "United Kingdom",
    },
  });
  expect(business.status()).toBe(201);
  const businessId = (await business.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free sandwich", stamps_required: 5 },
  });
  expect(reward.status()).toBe(201);
  await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: (await reward.json()).data.id },
  });
  const created = await page.request.post("/api/api-key-add", {
    headers: sameOrigin,
    data: { name: "Till sync", scopes: ["cards:read", "cards:write"] },
  });
  expect(created.status()).toBe(201);
  const key = (await created.json()).data.key as string;
  expect(key).toMatch(/^lc_test_/);

  // A client with the key and no cookie, on the public origin.
  const client = await playwright.request.newContext({ baseURL: E2E.webUrl });
  const auth = { authorization: `Bearer ${key}` };
  const email = uniqueEmail("cara");
  const enrol = await client.post("/api/v1/cards", {
    headers: { ...auth, "idempotency-key": "enrol-cara" },
    data: { business_id: businessId, name: "Cara Client", email },
  });
  expect(enrol.status()).toBe(201);
  const { serial } = (await enrol.json()) as { serial: string };
  const earn = await client.post(`/api/v1/cards/${serial}/earn`, {
    headers: auth,
    data: { order_id: "web-1", stamps: 2 },
  });
  expect(earn.status()).toBe(200);
  // The same order again earns nothing more.
  await client.post(`/api/v1/cards/${serial}/earn`, { headers: auth, data: { order_id: "web-1", stamps: 2 } });
  const card = await client.get(`/api/v1/cards?email=${encodeURIComponent(email)}`, { headers: auth });
  expect(card.status()).toBe(200);
  expect(JSON.stringify(await card.json())).toContain(serial);
  expect(await card.text()).toMatch(/"balance":2\b/);

  // The owner's session cookie opens nothing on /v1, and the key opens nothing of the dashboard.
  const withSession = await page.request.get(`/api/v1/cards/${serial}`);
  expect(withSession.status()).toBe(401);
  expect(withSession.headers()["content-type"]).toContain("application/problem+json");
  const dashboard = await client.get("/api/api-key-list", { headers: auth });
  expect([401, 403]).toContain(dashboard.status());
  await client.dispose();
});
