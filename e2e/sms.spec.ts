import { expect, test, type Locator, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

const sameOrigin = { origin: E2E.webUrl };

type StandInMessage = { sid: string; to: string; from: string; body: string; callbacks: unknown[] };

/** The SMS Twilio's stand-in was asked to send to `to`. */
async function smsTo(to: string): Promise<StandInMessage[]> {
  return (await (
    await fetch(`${E2E.twilioUrl}/stand-in/messages?to=${encodeURIComponent(to)}`)
  ).json()) as StandInMessage[];
}

/** Makes the stand-in post something Twilio posts (signed); the product's answer. */
async function standIn(path: "status" | "inbound", data: Record<string, string>) {
  const res = await fetch(`${E2E.twilioUrl}/stand-in/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  return (await res.json()) as { status: number; body: string };
}

/**
 * A time zone where it is day now and for the next hours (no SMS goes out between 21:00 and
 * 08:00 in the business's zone): the test runs at any hour.
 */
function daytimeZone(): string {
  const zones = [
    "Pacific/Kiritimati",
    "Pacific/Auckland",
    "Australia/Sydney",
    "Asia/Tokyo",
    "Asia/Shanghai",
    "Asia/Bangkok",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Europe/Moscow",
    "Europe/Berlin",
    "Europe/London",
    "Atlantic/Azores",
    "America/Sao_Paulo",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
  ];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(new Date()));
  return zones.find((zone) => hour(zone) >= 10 && hour(zone) <= 16)!;
}

/** An owner on Growth with a business (in a zone where it is day) and a QR code; the card page's URL and the business's id. */
async function ownerWithBusiness(page: Page, name: string) {
  await signedInOwner(page, page.request, uniqueEmail("sms"), "Sid Owner");
  await payPlan(page, "Growth");
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: { ...businessFields(name), time_zone: daytimeZone() },
  });
  expect(business.status(), await business.text()).toBe(201);
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
  return { cardUrl: `/add-to-wallet?qr_token=${(await qr.json()).data.qr_token}`, businessId };
}

/** The message's "SMS: …" delivery line, once the list (reloaded until then) shows `text`. */
async function expectSmsFigures(page: Page, title: string, text: string) {
  await expect(async () => {
    await page.reload();
    const message = page
      .getByRole("list", { name: "Sent messages" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title }) });
    await expect(message.getByRole("list", { name: "Delivery by channel" }).getByText(/^SMS:/)).toHaveText(text, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
}

const form = (page: Page) => page.getByRole("region", { name: "Message your customers" });
const estimate = (form: Locator) => form.getByRole("region", { name: "SMS estimate" });

test("an SMS goes once to the customer's E.164 number with its estimate shown first; delivery is counted and STOP ends SMS", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { cardUrl } = await ownerWithBusiness(page, "Harbour Texts");

  // A customer joins on a phone with a UK number in its national form, and agrees to texts.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(cardUrl);
  await customer.getByLabel("Your name").fill("Tom Text");
  await customer.getByLabel("Email", { exact: true }).fill(uniqueEmail("tom"));
  await customer.getByLabel(/^Phone/).fill("07400 123456");
  await customer.getByRole("checkbox", { name: /I agree/ }).check();
  await customer.getByRole("checkbox", { name: /may text me/ }).check();
  await customer.getByRole("button", { name: "Join and get my first stamp" }).click();
  await expect(customer.getByRole("heading", { name: "Tom Text's card" })).toBeVisible();
  await phone.close();
  const e164 = "+447400123456";

  // The owner writes a message with SMS ticked: the estimate follows the text.
  await page.goto("/dashboard/notifications");
  const send = form(page);
  const sms = send.getByRole("group", { name: "Send on" }).getByRole("checkbox", { name: /^SMS/ });
  await expect(sms).not.toBeChecked();
  await expect(estimate(send)).toHaveCount(0);
  await sms.check();
  await expect(estimate(send)).toContainText("Choose a business and write the message");
  await send.getByLabel("Business").selectOption({ label: "Harbour Texts" });
  await send.getByLabel("Title").fill("Tea time");
  await send.getByLabel("Message").fill("Scones at 4pm today. Show your card.");
  const figures = estimate(send);
  await expect(figures).toContainText("1 SMS of 1 segment each: 1 segment in all.");
  await expect(figures).toContainText("Plain text (GSM-7): up to 160 characters a segment.");
  await expect(figures).toContainText("Price on your plan: $0.05.");
  await expect(figures).toContainText("500 of 500 segments left in this month's allowance.");
  await expect(figures.getByRole("alert")).toHaveCount(0);
  // An emoji makes it UCS-2 (70 characters a segment); still one segment.
  const body = "Scones at 4pm today ☕ Show your card.";
  await send.getByLabel("Message").fill(body);
  await expect(figures).toContainText("Special characters or emoji (UCS-2): up to 70 characters a segment.");
  await expect(figures).toContainText("1 SMS of 1 segment each");
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await send.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Notification added successfully")).toBeVisible();

  // The stand-in gets exactly one SMS, to the number in E.164, with the message's text.
  await expect.poll(async () => (await smsTo(e164)).length, { timeout: 30_000 }).toBe(1);
  const [sent] = await smsTo(e164);
  expect(sent!.body).toBe(body);
  expect(sent!.from).toBe(E2E.twilioFrom);
  await expectSmsFigures(page, "Tea time", "SMS: 1 sent, 0 delivered, 0 failed, 0 unsubscribed, 0 skipped");

  // Twilio's signed status callbacks reach the API through the public origin.
  expect((await standIn("status", { sid: sent!.sid, status: "sent" })).status).toBe(200);
  expect((await standIn("status", { sid: sent!.sid, status: "delivered" })).status).toBe(200);
  await expectSmsFigures(page, "Tea time", "SMS: 1 sent, 1 delivered, 0 failed, 0 unsubscribed, 0 skipped");

  // The customer replies STOP: answered as carriers require, and SMS is off for the number.
  const stop = await standIn("inbound", { from: e164, body: "STOP" });
  expect(stop.status).toBe(200);
  expect(stop.body).toContain("<Message>Harbour Texts: you are unsubscribed");
  await expectSmsFigures(page, "Tea time", "SMS: 1 sent, 1 delivered, 0 failed, 1 unsubscribed, 0 skipped");

  // The next message with SMS: the estimate says none will go, and none goes.
  await sms.check();
  await send.getByLabel("Business").selectOption({ label: "Harbour Texts" });
  await send.getByLabel("Title").fill("Last call");
  await send.getByLabel("Message").fill("Scones until 6pm.");
  await expect(estimate(send)).toContainText("No SMS: no card holder in this segment agreed to texts");
  await send.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Notification added successfully")).toBeVisible();
  await expectSmsFigures(page, "Last call", "SMS: 0 sent, 0 delivered, 0 failed, 0 unsubscribed, 1 skipped");
  expect((await smsTo(e164)).length).toBe(1);
});

test("the messages section's ?segment= preselects the segment (the Insights page's RFM links), and the estimate counts it", async ({
  page,
}) => {
  const { businessId } = await ownerWithBusiness(page, "Segment Scones");
  await page.goto(`/dashboard/notifications?business_id=${businessId}&segment=rfm%3Aat_risk`);
  const send = form(page);
  await expect(send.getByLabel("Send to")).toHaveValue("rfm:at_risk");
  await expect(send.getByLabel("Send to").locator("option:checked")).toHaveText("At risk (RFM)");
  await expect(send.getByLabel("Business")).toHaveValue(String(businessId));
  await send.getByRole("checkbox", { name: /^SMS/ }).check();
  await send.getByLabel("Message").fill("We miss you: a free coffee this week.");
  await expect(estimate(send)).toContainText("No SMS: no card holder in this segment agreed to texts");

  // A segment the form does not know is ignored: all card holders.
  await page.goto(`/dashboard/notifications?segment=nobody`);
  await expect(form(page).getByLabel("Send to")).toHaveValue("");
});
