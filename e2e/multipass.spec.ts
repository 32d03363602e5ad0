// Prepaid visits end to end, on a salon's 10-visit pass like Demo Nails'. A customer joins (no
// visits yet); staff scan the card at the scanner: it has none, so the scanner says so and offers
// the sale; staff sell 10 visits, and a scan uses one: "9 of 10 visits left". At zero the scanner
// says so again and uses nothing. The dashboard shows the visits sold and used.
import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { dashboardNav, growthOwnerBusiness, postData } from "./fixtures/owner";
import { joinedStaff, signedInStaff } from "./fixtures/programme";
import { scannerReady } from "./fixtures/scanner";

const sameOrigin = { origin: E2E.webUrl };

test("staff sell 10 visits at the scanner, a scan uses one, and at zero the scanner says so", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  // Prepaid visits and staff are Growth features.
  const businessId = await growthOwnerBusiness(page, "multipass", "Mia Owner", "Polish Salon");
  const reward = await postData(page, "/api/add-reward", {
    business_id: businessId,
    title: "10 manicures",
    kind: "multipass",
    visits_included: 10,
    cooldown_minutes: 0,
    daily_cap: 0,
  });
  const qr = await postData(page, "/api/generate-qr", { business_id: businessId, label: "Desk", reward_id: reward.id });
  const phone = await browser.newContext();
  const joined = await phone.request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: qr.qr_token, name: "Nia Nails", email: uniqueEmail("nia"), consent: true },
  });
  expect(joined.status()).toBe(201);
  const serial = (await joined.json()).data.card.serial as string;
  await phone.close();

  // Staff at the scanner. The refusals at zero are answered 422: the browser logs those loads.
  const staffEmail = await joinedStaff(page, "Sam Desk");
  const desk = await browser.newContext();
  const staff = await desk.newPage();
  const refused = /the server responded with a status of 422/;
  staff.on("console", (m) => m.type() === "error" && !refused.test(m.text()) && errors.push(m.text()));
  await signedInStaff(staff, staffEmail);
  await dashboardNav(staff).getByRole("link", { name: "My Scans" }).click();
  const scan = async () => {
    await scannerReady(staff);
    await staff.getByLabel("Or type the card's code").fill(serial);
    await staff.getByLabel("Or type the card's code").press("Enter");
  };
  const noVisits = "This pass has no visits left. Sell visits first.";

  // A new pass holds no visits: the scanner says so and offers the sale.
  await scan();
  await expect(staff.getByRole("alert").getByText(noVisits)).toBeVisible();
  const sell = staff.getByRole("region", { name: "Sell visits" });
  await sell.getByLabel("Visits sold").fill("10");
  await sell.getByRole("button", { name: "Sell visits" }).click();
  await expect(sell.getByTestId("sold")).toHaveText("10 visits added: 10 of 10 visits left.");

  // A staff scan uses one.
  await scan();
  const result = staff.getByTestId("scan-result");
  await expect(result.getByRole("status").first()).toHaveText("Visit used: 9 of 10 visits left.");
  await expect(result.getByTestId("scan-balance")).toHaveText("9 of 10 visits left");

  // Eight more visits through the same call, then the last one at the scanner.
  for (let left = 8; left >= 1; left--) {
    const used = await postData(staff, "/api/qr-code-scanner", { code: serial });
    expect(used.balance_text).toBe(`${left} of 10 visits left`);
  }
  await scan();
  await expect(result.getByTestId("scan-balance")).toHaveText("0 of 10 visits left");

  // At zero the scanner says so and uses nothing.
  await scan();
  await expect(staff.getByRole("alert").getByText(noVisits)).toBeVisible();
  await desk.close();

  // The owner's dashboard: 10 visits sold and 10 used in the last 30 days.
  await page.goto("/dashboard/main");
  const visits = page.getByRole("table", { name: "Prepaid visits" });
  await expect(visits.getByRole("columnheader")).toHaveText(["Business", "Visits sold", "Visits used"]);
  await expect(visits.getByRole("row", { name: "Polish Salon 10 10" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Happy hours: extra earned" })).toHaveCount(0);

  expect(errors).toEqual([]);
});
