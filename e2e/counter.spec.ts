import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

// The counter screen with its rotating code confirms a stamp (how fast: bench/counter.mts); a
// device link opens that screen on a tablet, nothing else, and stops when revoked.
const sameOrigin = { origin: E2E.webUrl };

/** An owner with a paid plan, a business, a reward and a rotating QR code (through the BFF). */
async function ownerWithCounter(page: Page) {
  await signedInOwner(page, page.request, uniqueEmail("counter"), "Cora Owner");
  await payPlan(page);
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Corner Café"),
  });
  expect(business.status()).toBe(201);
  const businessId = (await business.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free tea", stamps_required: 8, cooldown_minutes: 0, daily_cap: 0 },
  });
  expect(reward.status()).toBe(201);
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Till", mode: "rotating" },
  });
  expect(qr.status()).toBe(201);
  return (await qr.json()).data.id as number;
}

test("the counter screen shows the rotating code and confirms a customer's stamp", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const qrId = await ownerWithCounter(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/counter/${qrId}`);
  await expect(page.getByRole("heading", { name: "Corner Café" })).toBeVisible();
  await expect(page.getByText("Collect 8 stamps, get Free tea")).toBeVisible();
  await expect(page.getByText("Connected")).toBeVisible();
  const qr = page.getByTestId("counter-qr");
  await expect(qr).toHaveAttribute("data-url", /\/add-to-wallet\?qr_token=[A-Za-z0-9_-]{32}&code=[A-Za-z0-9_-]{10}$/);
  const url = new URL((await qr.getAttribute("data-url"))!);

  // A customer scans it (opens its URL) and joins: the screen confirms it. How fast is the
  // counter bench's figure (bench/counter.mts), not this test's: a busy CI machine is no measure.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(`${url.pathname}${url.search}`);
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByLabel(/I agree that Corner Café keeps my name/).check();
  await customer.getByRole("button", { name: "Join and get my first stamp" }).click();
  await expect(customer.getByText("Welcome! Your card has its first stamp.")).toBeVisible();
  await expect(page.getByTestId("counter-confirmation")).toContainText("1 of 8", { timeout: 10_000 });

  // Scanning the screen's current code again stamps; the confirmation follows.
  await page.getByTestId("counter-confirmation").waitFor({ state: "detached", timeout: 10_000 });
  const fresh = new URL((await qr.getAttribute("data-url"))!);
  // The card's code must be newer than its join's: wait for the next window when it is the same.
  if (fresh.searchParams.get("code") === url.searchParams.get("code")) {
    await expect(qr).not.toHaveAttribute("data-url", fresh.href, { timeout: 35_000 });
  }
  const next = new URL((await qr.getAttribute("data-url"))!);
  await customer.goto(`${next.pathname}${next.search}`);
  await expect(customer.getByText(/Stamp added: 2 of 8/)).toBeVisible();
  await expect(page.getByTestId("counter-confirmation")).toContainText("2 of 8", { timeout: 10_000 });

  // A photo of an old code, or the bare printed URL: the expired page, no stamp.
  await customer.goto(`/add-to-wallet?qr_token=${next.searchParams.get("qr_token")}`);
  await expect(customer.getByText("This code has expired: scan the code on the counter screen again")).toBeVisible();
  await phone.close();
});

test("a device link opens the counter screen on a tablet, and nothing else; revoked, it stops", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const qrId = await ownerWithCounter(page);
  const added = await page.request.post("/api/counter-device-add", {
    headers: sameOrigin,
    data: { qr_id: qrId, name: "Till tablet" },
  });
  expect(added.status()).toBe(201);
  const { link, device } = (await added.json()).data as { link: string; device: { id: number } };
  const path = new URL(link);

  const tablet = await browser.newContext({ viewport: { width: 1080, height: 1920 } });
  const screen = await tablet.newPage();
  await screen.goto(`${path.pathname}${path.search}`);
  await expect(screen.getByTestId("counter-qr")).toBeVisible();
  await expect(screen.getByRole("heading", { name: "Corner Café" })).toBeVisible();
  // The token leaves the address bar; the cookie keeps the tablet signed in through reloads.
  await expect(screen).toHaveURL(new RegExp(`/counter/${qrId}$`));
  const cookies = await tablet.cookies();
  expect(cookies.find((c) => c.name === "loyalty_counter")).toMatchObject({ httpOnly: true });
  await screen.reload();
  await expect(screen.getByTestId("counter-qr")).toBeVisible();
  await expect(screen.getByText("Connected")).toBeVisible();

  // Nothing else: other calls are refused, the dashboard asks to sign in.
  for (const call of [
    "/api/list-qrcode",
    "/api/user-profile",
    "/api/scan-list",
    `/api/counter-device-list?qr_id=${qrId}`,
  ]) {
    expect((await screen.request.get(call)).status(), call).toBe(403);
  }
  expect(
    (
      await screen.request.post("/api/qr-code-scanner", { headers: sameOrigin, data: { code: "LC-0000-0000-0000" } })
    ).status(),
  ).toBe(403);
  await screen.goto("/dashboard/main");
  await expect(screen).toHaveURL(/\/login$/);

  // The owner revokes it: the screen is signed out.
  const revoked = await page.request.post("/api/counter-device-revoke", {
    headers: sameOrigin,
    data: { id: device.id },
  });
  expect(revoked.status()).toBe(200);
  await screen.goto(`/counter/${qrId}`);
  await expect(screen.getByText(/This screen is signed out/)).toBeVisible();
  await screen.screenshot({ path: "reports/counter-revoked.png" });
  await tablet.close();
});
