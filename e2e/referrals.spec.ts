import { expect, test, type Browser, type Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { businessFields, payPlan, signedInOwner } from "./fixtures/owner";

// Referrals that cannot be farmed: a referrer's fourth friend in a day is held, and the owner
// approves it from the customer's page; the reward form sets when a referral pays and the friend's bonus.

const sameOrigin = { origin: E2E.webUrl };

async function post(page: Page, path: string, data: Record<string, unknown>) {
  const res = await page.request.post(path, { headers: sameOrigin, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()).data;
}

/** A customer joining on a phone of their own (a browser context: its own card cookie, its own device). */
async function joinOnOwnPhone(browser: Browser, qrToken: string, name: string, ref?: string) {
  const phone = await browser.newContext();
  const joined = await phone.request.post("/api/wallet-join", {
    headers: sameOrigin,
    data: { qr_token: qrToken, name, email: uniqueEmail(name.split(" ")[0]!.toLowerCase()), consent: true, ref },
  });
  expect(joined.status()).toBe(201);
  const serial = (await joined.json()).data.card.serial as string;
  const card = await phone.request.get(`/api/wallet-card?qr_token=${qrToken}`);
  const referralUrl = (await card.json()).data.referral_url as string;
  await phone.close();
  return { serial, ref: new URL(referralUrl).searchParams.get("ref")! };
}

test("the owner sets the referral's trigger and friend's bonus, and approves a held bonus on the customer's page", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signedInOwner(page, page.request, uniqueEmail("refs"), "Rita Owner");
  await payPlan(page, "Growth");
  const business = await page.request.post("/api/add-business", {
    headers: sameOrigin,
    multipart: businessFields("Referral Roasters"),
  });
  expect(business.status()).toBe(201);
  const businessId = (await business.json()).data.id as number;

  // The reward form: the trigger and both bonuses, labelled in the programme's unit.
  await page.goto("/dashboard/rewards");
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Referral Roasters" });
  await page.getByLabel("Reward", { exact: true }).fill("Free flat white");
  await page.getByLabel("Stamps required").fill("8");
  await page.getByLabel("Referral pays").selectOption("first_visit");
  await page.getByLabel("Referrer's bonus (stamps)").fill("2");
  await page.getByLabel("Friend's bonus (stamps)").fill("1");
  await page.getByRole("button", { name: "Add reward" }).click();
  await expect(page.getByText("Free flat white").first()).toBeVisible();
  const rewards = await page.request.get(`/api/reward-list?business_id=${businessId}`);
  const reward = (await rewards.json()).data.items[0];
  expect(reward).toMatchObject({ referral_trigger: "first_visit", referral_bonus: 2, referral_friend_bonus: 1 });

  const qr = await post(page, "/api/generate-qr", { business_id: businessId, label: "Till", reward_id: reward.id });
  const referrer = await joinOnOwnPhone(browser, qr.qr_token, "Rex Referrer");
  const friends = [];
  for (const name of ["Fay One", "Fay Two", "Fay Three", "Fay Four"]) {
    friends.push(await joinOnOwnPhone(browser, qr.qr_token, name, referrer.ref));
  }
  for (const friend of friends) await post(page, "/api/qr-code-scanner", { code: friend.serial });

  // The referrer's page: three bonuses paid, the fourth held with the review buttons.
  await page.goto("/dashboard/customers");
  await page.getByLabel("Search").fill("Rex Referrer");
  await page.getByRole("button", { name: "Search" }).click();
  // The search's answer replaces the list: only then is the first row Rex's (his friends joined later).
  const rows = page.locator("table.customer-table tbody tr");
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: "Rex Referrer", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Referrals" })).toBeVisible();
  await expect(dialog.getByText("Referred 4 friends.")).toBeVisible();
  const held = dialog.locator(".referral-bonuses li").filter({ hasText: "Held for review" });
  await expect(held).toHaveCount(1);
  await expect(held).toContainText("Fay Four, referred by Rex Referrer");
  await expect(held).toContainText("The referrer already had 3 bonuses in 24 hours.");
  await held.getByRole("button", { name: "Approve the referral bonus of Fay Four" }).click();
  await expect(page.getByText("Referral bonus approved: both cards have it now.")).toBeVisible();
  await expect(dialog.locator(".referral-bonuses li").filter({ hasText: "Approved" })).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: /Approve the referral bonus/ })).toHaveCount(0);
  // Join 1 + four bonuses of 2 (three paid, one approved).
  const detail = await page.request.get(`/api/customer-detail?serial=${referrer.serial}`);
  expect((await detail.json()).data.stamps).toBe(9);
});
