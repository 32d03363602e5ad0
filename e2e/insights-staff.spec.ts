import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

test("the staff panel of Insights: empty without a till, then earns matched to a Shopify order, and the alert threshold", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await signedInOwner(page, request, uniqueEmail("staff-alert"), "Olga Owner");
  await payPlan(page, "Growth");
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Counter Café"),
  });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free tea", stamps_required: 50, cooldown_minutes: 0, daily_cap: 0 },
  });
  expect(reward.status()).toBe(201);
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: (await reward.json()).data.id },
  });
  const customer = uniqueEmail("regular");
  const joined = await request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: (await qr.json()).data.qr_token, name: "Rita Regular", email: customer, consent: true },
  });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const serial = (await joined.json()).data.card.serial as string;

  // Without a till the panel says why it is empty, and offers no threshold.
  await page.goto("/dashboard/insights");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Counter Café" });
  const panel = page.getByRole("region", { name: "Earns without a till payment" });
  await expect(panel).toContainText("No till is connected to this business");
  await expect(panel.getByRole("table")).toHaveCount(0);
  await expect(panel.getByLabel(/Alert threshold/)).toHaveCount(0);

  // A Shopify till, ten stamps given at the counter, and one paid order at the till.
  const secret = "shpss_staff_alert_secret";
  const connected = await page.request.post("/api/pos-connection-add", {
    headers: sameOrigin,
    data: { business_id: businessId, provider: "shopify", secret },
  });
  expect(connected.status(), await connected.text()).toBeLessThan(300);
  const webhookUrl = (await connected.json()).data.webhook_url as string;
  for (let i = 0; i < 10; i++) {
    const scan = await page.request.post("/api/qr-code-scanner", { headers: sameOrigin, data: { code: serial } });
    expect(scan.status(), await scan.text()).toBe(200);
  }
  const raw = JSON.stringify({
    id: 2002001,
    name: "#2001",
    email: uniqueEmail("walk-in"),
    currency: "GBP",
    total_price: "4.50",
    current_total_price: "4.50",
    financial_status: "paid",
  });
  const order = await request.post(webhookUrl, {
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": "orders/paid",
      "x-shopify-hmac-sha256": createHmac("sha256", secret).update(raw).digest("base64"),
      "x-shopify-shop-domain": "e2e-shop.myshopify.com",
    },
    data: raw,
  });
  expect(order.status(), await order.text()).toBe(200);

  await page.reload();
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Counter Café" });
  const table = panel.getByRole("table", { name: /Earns by staff member/ });
  const row = table.getByRole("row", { name: /Olga Owner/ });
  await expect(row.getByRole("cell")).toHaveText(["10", "1", "9", "90%", "No threshold set"]);

  // A threshold of 50 %: the owner's 90 % without a payment is flagged, in words.
  await panel.getByLabel(/Alert threshold/).fill("50");
  await panel.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByText("Staff alert threshold saved.")).toBeVisible();
  await expect(row.getByRole("cell").last()).toHaveText("Alert: above 50%");

  // A threshold out of range is refused beside the field.
  await panel.getByLabel(/Alert threshold/).fill("150");
  await panel.getByRole("button", { name: "Save threshold" }).click();
  await expect(panel.getByRole("alert")).toHaveText("The threshold must be a whole number from 1 to 100.");
  await expect(row.getByRole("cell").last()).toHaveText("Alert: above 50%");

  // At 390 px wide the panel keeps within the screen and its own box: the table scrolls inside it.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(390);
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await table.evaluate((el) => getComputedStyle(el.parentElement!).overflowX)).toBe("auto");

  // The browser logs the refused threshold's 422 (asked for above); nothing else.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]);
});
