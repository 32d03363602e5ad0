// A points programme end to end. The owner sets the business's currency, adds a
// points reward and its catalogue in the dashboard; staff type a purchase amount at the scanner,
// see the points it earned, redeem an option and see the balance drop, in the card's history too.
import { expect, test } from "@playwright/test";
import { logIn, uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

test("a points purchase and a redeem through the staff scanner", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  // The owner: a business in the United Kingdom that counts in euros (the currency field).
  await signedInOwner(page, page.request, uniqueEmail("points"), "Pia Owner");
  await payPlan(page, "Growth"); // staff accounts are a Growth feature
  const added = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Crumb Bakery"),
  });
  expect(added.status()).toBe(201);
  await page.goto("/dashboard/business");
  await page.getByRole("button", { name: "Edit Crumb Bakery" }).click();
  await page.getByLabel("Currency").fill("XYZ");
  await page.getByRole("button", { name: "Save business" }).click();
  await expect(page.getByText("This is not an ISO 4217 currency code (such as EUR or USD).")).toBeVisible();
  await page.getByLabel("Currency").fill("eur");
  await page.getByRole("button", { name: "Save business" }).click();
  await expect(page.getByRole("heading", { name: "Edit Crumb Bakery" })).toHaveCount(0);

  // A points reward: 1 point per euro and 5 per visit, then its catalogue.
  await page.goto("/dashboard/rewards");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Crumb Bakery" });
  await page.getByLabel("Reward", { exact: true }).fill("Crumb points");
  await page.getByRole("radio", { name: "Points", exact: true }).check();
  await expect(page.getByLabel("Stamps required")).toHaveCount(0);
  await page.getByLabel("Points per 1.00 spent").fill("1");
  await page.getByLabel("Points per visit", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Add reward" }).click();
  const catalogue = page.getByRole("region", { name: "Redeem options of Crumb points" });
  await expect(catalogue).toBeVisible();
  for (const [title, points] of [
    ["Free coffee", "20"],
    ["Free lunch", "100"],
  ] as const) {
    await catalogue.getByLabel("Option", { exact: true }).fill(title);
    await catalogue.getByLabel("Points it costs").fill(points);
    await catalogue.getByRole("button", { name: "Add option" }).click();
    await expect(catalogue.getByRole("listitem").filter({ hasText: title })).toContainText(`${points} points`);
  }
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Crumb points/ }) });
  await expect(row.getByTestId("reward-summary")).toHaveText("1 pt per €1 + 5 per visit");

  // A QR code for it, and a customer who joins (the join earns the visit points).
  const rewardId = (
    (await (await page.request.get("/api/reward-list")).json()).data.items as { id: number; title: string }[]
  ).find((r) => r.title === "Crumb points")!.id;
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: (await added.json()).data.id, label: "Till", reward_id: rewardId },
  });
  expect(qr.status()).toBe(201);
  const phone = await browser.newContext();
  const joined = await phone.request.post(`${E2E.webUrl}/api/wallet-join`, {
    headers: sameOrigin,
    data: { qr_token: (await qr.json()).data.qr_token, name: "Cal Crumb", email: uniqueEmail("cal"), consent: true },
  });
  expect(joined.status()).toBe(201);
  const serial = (await joined.json()).data.card.serial as string;
  await phone.close();

  // Staff, invited by the owner, at the scanner.
  const invite = await page.request.post("/api/add-staff", {
    headers: sameOrigin,
    data: { name: "Tom Till", email: uniqueEmail("tom") },
  });
  const { invite_link, email: staffEmail } = (await invite.json()).data as { invite_link: string; email: string };
  const desk = await browser.newContext();
  const staff = await desk.newPage();
  staff.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const accepted = await staff.request.post("/api/accept-invite", {
    headers: sameOrigin,
    data: {
      token: invite_link.split("/add-user/")[1],
      name: "Tom Till",
      password: "staff-password-77",
      password_confirmation: "staff-password-77",
    },
  });
  expect(accepted.status()).toBe(201);
  await logIn(staff, staffEmail, "staff-password-77");
  await expect(staff).toHaveURL(/\/dashboard\/main$/);
  await dashboardNav(staff).getByRole("link", { name: "My Scans" }).click();
  // By keyboard: the amount, Enter moves to the card's code, Enter scans.
  const scan = async (amount: string) => {
    await staff.getByLabel("Or type the card's code").clear();
    await staff.getByLabel("Purchase amount").fill(amount);
    await staff.getByLabel("Purchase amount").press("Enter");
    await expect(staff.getByLabel("Or type the card's code")).toBeFocused();
    await staff.keyboard.type(serial);
    await staff.keyboard.press("Enter");
  };

  // A bad amount: a clear message beside the field, nothing earned.
  await scan("-3");
  await expect(staff.getByRole("alert").getByText("The amount must be a number such as 12.50.")).toBeVisible();

  // €23.40 at 1 point per euro (rounded down) + 5 for the visit = 28, after the join's 5.
  await scan("23.40");
  const result = staff.getByTestId("scan-result");
  await expect(result.getByTestId("scan-balance")).toHaveText("33 points — 67 to Free lunch");
  await expect(staff.getByLabel("Purchase amount")).toHaveValue("");
  const redeem = result.getByRole("region", { name: "Redeem" });
  await expect(redeem.getByRole("button")).toHaveCount(1); // Free lunch is not affordable yet
  await redeem.getByRole("button", { name: "Free coffee · 20 points" }).click();
  await expect(result.getByTestId("scan-balance")).toHaveText("13 points — 7 to Free coffee");
  await expect(redeem.getByText("Not enough points for any option yet.")).toBeVisible();

  // The card's history: the purchase and the redeem in points, with the balance after each.
  await result.getByRole("button", { name: "Card details and history" }).click();
  const history = staff.locator(".card-history tbody tr");
  await expect(history.nth(0)).toContainText("Redeemed");
  await expect(history.nth(0)).toContainText("−20 points → 13 points");
  await expect(history.nth(1)).toContainText("+28 points → 33 points");
  await expect(history.nth(1)).toContainText("(purchase 23.40)");
  await expect(history.nth(2)).toContainText("Joined");
  await expect(history.nth(2)).toContainText("+5 points → 5 points");
  await desk.close();

  // The owner's dashboard: the points issued (join 5 + purchase 28) and redeemed.
  await page.goto("/dashboard/main");
  await expect(page.getByTestId("kpi-points_issued")).toHaveText("33");
  await expect(page.getByTestId("kpi-points_redeemed")).toHaveText("20");
  await expect(page.getByTestId("kpi-cashback_owed")).toHaveCount(0); // a points owner runs no cashback

  expect(errors).toEqual([]);
});
