import { expect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

/** An owner with a paid plan, a business, a reward and a QR code (through the BFF); the QR's URL. */
async function ownerWithProgramme(page: Page, name: string) {
  await signedInOwner(page, page.request, uniqueEmail("notify"), "Nora Owner");
  await payPlan(page, "Growth"); // messages to card holders are a Growth feature
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields(name),
  });
  expect(business.status()).toBe(201);
  const businessId = (await business.json()).data.id as number;
  const reward = await page.request.post("/api/add-reward", {
    headers: sameOrigin,
    data: { business_id: businessId, title: "Free coffee", stamps_required: 5, cooldown_minutes: 60 },
  });
  expect(reward.status()).toBe(201);
  const qr = await page.request.post("/api/generate-qr", {
    headers: sameOrigin,
    data: { business_id: businessId, label: "Counter", reward_id: (await reward.json()).data.id },
  });
  expect(qr.status()).toBe(201);
  return `/add-to-wallet?qr_token=${(await qr.json()).data.qr_token}`;
}

test("the owner's feed fills, the owner messages card holders, the card shows it, clear empties the feed", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const cardUrl = await ownerWithProgramme(page, "Harbour Bakery");

  // A customer joins on a phone (a second browser context).
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(cardUrl);
  await customer.getByLabel("Your name").fill("Ann Lee");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("ann"));
  await customer.getByLabel(/I agree that Harbour Bakery keeps my name/).check();
  await customer.getByRole("button", { name: "Join and get my first stamp" }).click();
  await expect(customer.getByRole("heading", { name: "Ann Lee's card" })).toBeVisible();
  await expect(customer.getByRole("heading", { name: "Messages" })).toHaveCount(0);

  // The owner sees the plan payment and the new card in the menu's badge and in the feed.
  await page.goto("/dashboard/main");
  await expect(dashboardNav(page).getByRole("link", { name: "Notification 2 unread" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu 2 unread notifications" })).toBeVisible();
  await dashboardNav(page)
    .getByRole("link", { name: /^Notification/ })
    .click();
  const feed = page.getByRole("list", { name: "Notifications" });
  await expect(feed.getByRole("heading", { name: "New card New" })).toBeVisible();
  await expect(feed.getByText("Ann Lee joined Harbour Bakery and collected a first stamp.")).toBeVisible();
  await expect(feed.getByRole("heading", { name: "Payment received New" })).toBeVisible();
  // Opening the feed marked it read: the badge goes.
  await expect(dashboardNav(page).getByRole("link", { name: "Notification", exact: true })).toBeVisible();
  await expect(page.getByText("Push notifications are not configured on this server.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on notifications" })).toHaveCount(0);

  // The send form: counters, validation, then a message.
  const form = page.getByRole("region", { name: "Message your customers" });
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("The business field is required.")).toBeVisible();
  await form.getByLabel("Business").selectOption({ label: "Harbour Bakery" });
  await form.getByLabel("Title").fill("Fresh croissants");
  await expect(form.getByText("16 / 60 characters")).toBeVisible();
  await form.getByLabel("Message").fill("Out of the oven at 8am. Show your card for a free coffee refill.");
  await expect(form.getByText("64 / 240 characters")).toBeVisible();
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Notification added successfully")).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Sent messages" }).getByRole("heading", { name: "Fresh croissants" }),
  ).toBeVisible();
  await expect(feed.getByRole("heading", { name: "Message sent: Fresh croissants" })).toBeVisible();

  // The customer's card shows it.
  await customer.goto(cardUrl);
  const messages = customer.getByRole("region", { name: "Messages" });
  await expect(messages.getByRole("heading", { name: "Fresh croissants" })).toBeVisible();
  await expect(messages.getByText("Out of the oven at 8am.", { exact: false })).toBeVisible();
  await phone.close();

  // Clear, after confirming.
  await page.getByRole("button", { name: "Clear all notifications" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear all notifications?" });
  await dialog.getByRole("button", { name: "Clear notifications" }).click();
  await expect(page.getByText("Notification cleared successfully")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No notifications" })).toBeVisible();
  // The sent message stays in the list.
  await expect(
    page.getByRole("list", { name: "Sent messages" }).getByRole("heading", { name: "Fresh croissants" }),
  ).toBeVisible();
});

test("with push configured, the browser's permission is asked only after the owner presses the button", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Counts every permission request (and every Firebase call, which must wait for the grant).
  await page.addInitScript(() => {
    const w = window as unknown as { __asked: number };
    w.__asked = 0;
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      w.__asked++;
      return original(...args);
    };
  });
  const google: string[] = [];
  page.on("request", (request) => {
    if (/googleapis\.com|gstatic\.com/.test(request.url())) google.push(request.url());
  });

  // Signed in on the main app; the web app with Firebase configured shares its session (same
  // secret, and the cookie is for localhost, any port).
  await signedInOwner(page, page.request, uniqueEmail("push"), "Pia Owner");
  await payPlan(page);
  await page.goto(`${E2E.proxiedWebUrl}/dashboard/notifications`);
  const button = page.getByRole("button", { name: "Turn on notifications" });
  await expect(button).toBeVisible();
  await expect(page.getByText("Push notifications are not configured on this server.")).toHaveCount(0);
  // Hydrated (the top bar shows the profile only then), so every effect of the load has run.
  await expect(page.locator(".topbar-user")).toHaveText("Pia Owner");
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);

  // Not granted (the context holds no notification permission): asked once, then told, no SDK calls.
  await button.click();
  await expect(page.getByText(/Notifications are blocked for this site/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
  expect(google).toEqual([]);
  await context.close();
});

test("staff turn on the owner's notifications for their own device (the push settings only)", async ({
  page,
  browser,
}) => {
  await signedInOwner(page, page.request, uniqueEmail("team-push"), "Tess Owner");
  await payPlan(page, "Growth"); // staff accounts are a Growth feature
  const added = await page.request.post("/api/add-staff", {
    headers: sameOrigin,
    data: { name: "Sam Staff", email: uniqueEmail("team-push-staff") },
  });
  expect(added.status()).toBe(201);
  const { invite_link: link, email } = (await added.json()).data as { invite_link: string; email: string };

  const context = await browser.newContext();
  const staff = await context.newPage();
  const accepted = await staff.request.post("/api/accept-invite", {
    headers: sameOrigin,
    data: {
      token: link.split("/add-user/")[1],
      name: "Sam Staff",
      password: "staff-password-77",
      password_confirmation: "staff-password-77",
    },
  });
  expect(accepted.status()).toBe(201);
  await staff.goto(`${E2E.proxiedWebUrl}/login`);
  await staff.getByLabel("Email").fill(email);
  await staff.getByLabel("Password").fill("staff-password-77");
  await staff.getByRole("button", { name: "Log in" }).click();
  await expect(staff).toHaveURL(/\/dashboard\/main$/);

  await dashboardNav(staff).getByRole("link", { name: "Notification", exact: true }).click();
  await expect(staff).toHaveURL(/\/dashboard\/notifications$/);
  await expect(staff.getByRole("button", { name: "Turn on notifications" })).toBeVisible();
  await expect(staff.getByText(/a card is flagged/)).toBeVisible();
  // The feed and the messages to card holders stay the owner's.
  await expect(staff.getByRole("list", { name: "Notifications" })).toHaveCount(0);
  await expect(staff.getByRole("heading", { name: "Message your customers" })).toHaveCount(0);
  await context.close();
});

test("the message form offers its channels as checkboxes at 390 px, and the sent list counts the email channel", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await ownerWithProgramme(page, "Channel Café");
  await page.goto("/dashboard/notifications");
  const form = page.getByRole("region", { name: "Message your customers" });
  const channels = form.getByRole("group", { name: "Send on" });
  await expect(channels.getByRole("checkbox", { name: "Wallet pass and card page" })).toBeChecked();
  await expect(channels.getByRole("checkbox", { name: "Push notification" })).toBeChecked();
  const email = channels.getByRole("checkbox", { name: /^Email/ });
  await expect(email).not.toBeChecked();
  // This server sends SMS (through Twilio's stand-in): a box for it, not ticked by default.
  await expect(channels.getByRole("checkbox", { name: /^SMS/ })).not.toBeChecked();
  await expect(channels.getByText("SMS is not set up on this server.", { exact: false })).toHaveCount(0);

  await email.check();
  await channels.getByRole("checkbox", { name: "Push notification" }).uncheck();
  await form.getByLabel("Business").selectOption({ label: "Channel Café" });
  await form.getByLabel("Title").fill("Autumn menu");
  await form.getByLabel("Message").fill("Pumpkin soup is back.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Notification added successfully")).toBeVisible();
  const sent = page.getByRole("list", { name: "Sent messages" });
  await expect(sent.getByRole("heading", { name: "Autumn menu" })).toBeVisible();
  await expect(
    sent.getByRole("list", { name: "Delivery by channel" }).getByText(/^Email: 0 sent, 0 delivered, 0 failed/),
  ).toBeVisible();
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
