import { expect, test, type Page } from "@playwright/test";
import { logIn, uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";
import { scannerReady } from "./fixtures/scanner";

const sameOrigin = { origin: E2E.webUrl };
const kpi = (page: Page, key: string) => page.getByTestId(`kpi-${key}`);

const BUSINESS = businessFields();

test("a reward and a QR code, a customer's card, self-scans, staff stamps and a redeem, in My Scans, the KPIs and the CSV", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner: a business (through the BFF), then the reward and the QR code in the dashboard.
  await signedInOwner(page, page.request, uniqueEmail("loyal"), "Olive Owner");
  await payPlan(page, "Growth"); // staff accounts are a Growth feature
  const added = await page.request.post("/api/add-business", { headers: sameOrigin, multipart: BUSINESS });
  expect(added.status()).toBe(201);
  await page.goto("/dashboard/rewards");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Blue Bean Café" });
  await page.getByLabel("Reward", { exact: true }).fill("Free coffee");
  await page.getByLabel("Stamps required").fill("3");
  await page.getByLabel("Wait between self-scans (minutes)").fill("60");
  await page.getByRole("button", { name: "Add reward" }).click();
  await expect(page.getByText("Reward added successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Free coffee" })).toBeVisible();

  await dashboardNav(page).getByRole("link", { name: "My QR Code" }).click();
  // With Cache Components, Next keeps the rewards page mounted (hidden) after the navigation, so
  // its Business select is still in the DOM: work inside the QR code form.
  const generate = page.getByRole("region", { name: "Generate a QR code" });
  await generate.getByLabel("Business", { exact: true }).selectOption({ label: "Blue Bean Café" });
  await generate.getByLabel("Label").fill("Counter");
  await generate.getByRole("button", { name: "Generate QR code" }).click();
  await expect(page.getByText("QR code generated successfully.")).toBeVisible();
  const sheet = page.getByTestId("print-sheet");
  await expect(sheet.getByText("Scan to collect your stamps")).toBeVisible();
  await expect(sheet.getByText("Collect 3 stamps, get Free coffee")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PNG" })).toHaveAttribute("href", /^data:image\/png;base64,/);
  const url = await page.locator("a[href*='/add-to-wallet?qr_token=']").getAttribute("href");
  expect(url).toMatch(/^http:\/\/localhost:\d+\/add-to-wallet\?qr_token=[A-Za-z0-9_-]{32}$/);

  // The customer, on a phone: opens the QR URL, joins, gets the first stamp.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(url!);
  await expect(customer.getByRole("heading", { name: "Blue Bean Café" })).toBeVisible();
  await expect(customer.getByText("Collect 3 stamps, get Free coffee")).toBeVisible();
  await customer.getByRole("button", { name: "Join and get my first stamp" }).click();
  await expect(customer.getByText("The name must be at least 2 characters.")).toBeVisible();
  await expect(customer.getByText("Please check the fields below.")).toBeVisible();
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByLabel(/I agree that Blue Bean Café keeps my name/).check();
  await customer.getByRole("button", { name: "Join and get my first stamp" }).click();
  await expect(customer.getByText("Welcome! Your card has its first stamp.")).toBeVisible();
  await expect(customer.getByRole("heading", { name: "Ann Lee's card" })).toBeVisible();
  await expect(customer.getByText(/^1\s+of 3 stamps$/)).toBeVisible();
  // The card secret is an httpOnly cookie: the page's JavaScript cannot read it.
  expect(await customer.evaluate(() => document.cookie)).not.toContain("loyalty_cards");
  expect((await phone.cookies()).find((c) => c.name === "loyalty_cards")?.httpOnly).toBe(true);
  const serial = (await customer.locator(".wallet-qr code").textContent())!;
  expect(serial).toMatch(/^LC-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

  // Scanning the business QR again within the cooldown: the wait message, no stamp.
  await customer.goto(url!);
  await expect(customer.getByText(/You already collected a stamp here\. Next stamp from/)).toBeVisible();
  await expect(customer.getByText(/^1\s+of 3 stamps$/)).toBeVisible();

  // Staff, invited by the owner, type the card's code until the reward is reached, then redeem.
  const invite = await page.request.post("/api/add-staff", {
    headers: sameOrigin,
    data: { name: "Sam Staff", email: uniqueEmail("sam") },
  });
  const { invite_link, email: staffEmail } = (await invite.json()).data as { invite_link: string; email: string };
  const desk = await browser.newContext();
  const staff = await desk.newPage();
  const accepted = await staff.request.post("/api/accept-invite", {
    headers: sameOrigin,
    data: {
      token: invite_link.split("/add-user/")[1],
      name: "Sam Staff",
      password: "staff-password-77",
      password_confirmation: "staff-password-77",
    },
  });
  expect(accepted.status()).toBe(201);
  await logIn(staff, staffEmail, "staff-password-77");
  await expect(staff).toHaveURL(/\/dashboard\/main$/);
  await dashboardNav(staff).getByRole("link", { name: "My Scans" }).click();
  await expect(staff.getByRole("heading", { name: "Scan a customer's card" })).toBeVisible();
  const scanCard = async (expected: string) => {
    await scannerReady(staff);
    await staff.getByLabel("Or type the card's code").fill(serial);
    await staff.getByRole("button", { name: "Add stamp or redeem" }).click();
    await expect(staff.getByTestId("scan-result").getByText(expected)).toBeVisible();
  };
  await scanCard("Stamp added: 2 of 3.");
  await scanCard("Stamp added: 3 of 3. The reward is ready.");
  await expect(staff.getByText("Reward ready: scan again to redeem Free coffee")).toBeVisible();
  await scanCard("Reward redeemed: Free coffee. 0 stamps left on the card.");
  const result = staff.getByTestId("scan-result");
  await expect(result.getByText("Ann Lee")).toBeVisible();
  const qrData = JSON.parse((await staff.evaluate(() => localStorage.getItem("qrData")))!);
  expect(qrData).toMatchObject({ action: "redeem", serial, customer_name: "Ann Lee", stamps: 0 });
  await scannerReady(staff);
  await staff.getByLabel("Or type the card's code").fill("not-a-code");
  await staff.getByRole("button", { name: "Add stamp or redeem" }).click();
  await expect(staff.getByRole("alert").getByText("This code is not a loyalty card or QR code of ours.")).toBeVisible();

  // The customer's card follows.
  await customer.reload();
  await expect(customer.getByText(/^0\s+of 3 stamps$/)).toBeVisible();
  await expect(customer.getByText("1 reward redeemed", { exact: false })).toBeVisible();
  await phone.close();
  await desk.close();

  // The owner: every event in My Scans, the KPIs, and the CSV.
  await page.goto("/dashboard/my-scans");
  const rows = page.locator(".scan-table tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText("Redeemed");
  await expect(rows.nth(0)).toContainText("Sam Staff");
  await expect(rows.nth(3)).toContainText("Joined");
  await expect(rows.nth(3)).toContainText("Self-scan");
  await page.getByLabel("Kind").selectOption("stamp");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(2);
  const csv = await page.request.get("/api/scan-export");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(5);
  expect(lines.slice(1).map((l) => l.split(",")[1])).toEqual(["redeem", "stamp", "stamp", "join"]);
  expect(lines.every((l, i) => i === 0 || l.includes(serial))).toBe(true);

  await dashboardNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(kpi(page, "qr_codes")).toHaveText("1");
  await expect(kpi(page, "customers")).toHaveText("1");
  await expect(kpi(page, "stamps_today")).toHaveText("3");
  await expect(kpi(page, "stamps_30_days")).toHaveText("3");
  await expect(kpi(page, "rewards_redeemed")).toHaveText("1");
  await expect(page.getByRole("heading", { name: "Stamps and new customers, last 30 days" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Stamps and new customers per day, last 30 days" })).toBeVisible();
});

test("an unknown or deleted QR code shows a friendly page, never an error", async ({ page }) => {
  const response = await page.goto(`/add-to-wallet?qr_token=${"A".repeat(32)}`);
  expect(response!.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "This QR code does not work any more" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Scan a QR code" })).toBeVisible();
  await page.goto("/add-to-wallet?qr_token=<script>");
  await expect(page.getByRole("heading", { name: "This QR code does not work any more" })).toBeVisible();
});
