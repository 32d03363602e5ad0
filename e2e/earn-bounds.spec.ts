// What an amount earns, set in the dashboard: one point per 10.00 in the reward form, and the
// business's largest purchase that earns in the business form; the scanner keeps both.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";
import { scannerReady } from "./fixtures/scanner";

const sameOrigin = { origin: E2E.webUrl };

test("one point per 10.00 and a purchase limit, set in the forms and held at the scanner", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  await signedInOwner(page, page.request, uniqueEmail("bounds"), "Bo Owner");
  await payPlan(page, "Growth");
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Tenth Tea"),
  });
  expect(added.status()).toBe(201);
  const businessId = (await added.json()).data.id as number;

  // The business form: the currency, and the largest purchase that earns (10,000 until changed).
  await page.goto("/dashboard/business");
  await page.getByRole("button", { name: "Edit Tenth Tea" }).click();
  await page.getByLabel("Currency").fill("EUR");
  await expect(page.getByLabel("Largest purchase that earns")).toHaveValue("10000");
  await page.getByLabel("Largest purchase that earns").fill("12.345");
  await page.getByRole("button", { name: "Save business" }).click();
  await expect(page.getByText("at most two decimals", { exact: false })).toBeVisible();
  await page.getByLabel("Largest purchase that earns").fill("500");
  await page.getByRole("button", { name: "Save business" }).click();
  await expect(page.getByRole("heading", { name: "Edit Tenth Tea" })).toHaveCount(0);
  const listed = await page.request.get("/api/business-list");
  expect((await listed.json()).data.items[0]).toMatchObject({ id: businessId, max_purchase_amount: "500" });

  // The reward form: one point per 10.00, said back in whole points in the list.
  await page.goto("/dashboard/rewards");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Tenth Tea" });
  await page.getByLabel("Reward", { exact: true }).fill("Tea leaves");
  await page.getByRole("radio", { name: "Points", exact: true }).check();
  await page.getByLabel("Points per 1.00 spent").fill("0.1");
  await page.getByRole("button", { name: "Add reward" }).click();
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Tea leaves/ }) });
  await expect(row.getByTestId("reward-summary")).toHaveText("10 pts per €100");
  const reward = (await (await page.request.get("/api/reward-list")).json()).data.items[0];
  expect(reward).toMatchObject({ title: "Tea leaves", points_per_unit: "0.1" });

  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", reward_id: reward.id },
  });
  const phone = await browser.newContext();
  const joined = await phone.request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: (await qr.json()).data.qr_token, name: "Tia Tea", email: uniqueEmail("tia"), consent: true },
  });
  expect(joined.status()).toBe(201);
  const serial = (await joined.json()).data.card.serial as string;
  await phone.close();

  // The scanner: above the limit earns nothing and says why; 257.90 at 0.1 earns 25 points.
  await page.goto("/dashboard/my-scans");
  const scan = async (amount: string) => {
    await page.getByLabel("Or type the card's code").clear();
    await page.getByLabel("Purchase amount").fill(amount);
    await scannerReady(page);
    await page.getByLabel("Or type the card's code").fill(serial);
    await page.getByLabel("Or type the card's code").press("Enter");
  };
  await scan("500.01");
  await expect(
    page.getByRole("alert").getByText("above this business's limit of 500 EUR", { exact: false }),
  ).toBeVisible();
  await scan("257.90");
  await expect(page.getByTestId("scan-result").getByTestId("scan-balance")).toHaveText("25 points");

  // The browser logs the refused scan's answer (the one 422), and nothing else went wrong.
  expect(errors).toEqual(["Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)"]);
});
