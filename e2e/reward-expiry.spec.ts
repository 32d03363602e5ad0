// Expiry that never surprises: editing a reward's expiry shows, as the owner types, what the change
// would lapse in the next 30 days (reward-expiry-preview). Turned on, every card gets the full
// period from the change: 30 days lapse nothing within 30 days; 10 days would take the balance.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

test("the expiry field previews what a change would lapse", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signedInOwner(page, page.request, uniqueEmail("expiry"), "Eve Owner");
  await payPlan(page);
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Lapse Café"),
  });
  expect(business.status()).toBe(201);
  const businessId = (await business.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free scone", stamps_required: 5 },
  });
  expect(reward.status()).toBe(201);
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: (await reward.json()).data.id },
  });
  expect(qr.status()).toBe(201);
  // A customer joins: the join is the card's first stamp.
  const phone = await browser.newContext();
  const joined = await phone.request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: (await qr.json()).data.qr_token, name: "Lu Lapse", email: uniqueEmail("lu"), consent: true },
  });
  expect(joined.status()).toBe(201);
  await phone.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/rewards");
  await page.getByRole("button", { name: /Edit Free scone/ }).click();
  const form = page.getByRole("region", { name: "Edit Free scone" });
  const days = form.getByLabel("Expire after (days without earning)");
  const preview = form.getByRole("status");

  await days.fill("30");
  await expect(preview).toHaveText("No balance lapses in the next 30 days.");
  await days.fill("10");
  await expect(preview).toHaveText("1 card would lose 1 stamp in the next 30 days.");
  // Not a number of days: no preview (saving says why).
  await days.fill("0");
  await expect(preview).toHaveText("");
  await days.fill("");
  await expect(preview).toHaveText("No balance lapses in the next 30 days.");
});
