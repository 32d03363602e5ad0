// The main flows with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape; no
// mouse), a visible focus ring at each stop, a skip link, and dialogs that trap and return focus.
// Setting up what a flow needs (an owner, a programme, a card) goes through the BFF, as elsewhere.
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./fixtures/auth";
import { expectFocusRing, isFocused, tabAndType, tabTo } from "./fixtures/keyboard";
import { signedInOwner } from "./fixtures/owner";
import { ownerWithProgramme, STAFF_PASSWORD } from "./fixtures/programme";
import { scannerReady } from "./fixtures/scanner";

/** Signs in on /login by keyboard: Tab to each field, type, Enter submits. */
async function keyboardLogIn(page: Page, email: string, password: string) {
  // Leave the signed-in page first: a request of its still in flight would find the session gone
  // and send the page to /login itself, aborting this navigation (ERR_ABORTED).
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/login");
  await tabAndType(page, page.getByLabel("Email"), email);
  await expectFocusRing(page);
  await tabAndType(page, page.getByLabel("Password"), password);
  await page.keyboard.press("Enter");
}

/** Picks a select's option by typing its first letters, as a keyboard user does. */
async function choose(page: Page, select: ReturnType<Page["getByLabel"]>, typed: string, label: string) {
  await tabTo(page, select);
  await expectFocusRing(page);
  await page.keyboard.type(typed);
  await expect(select.locator("option:checked")).toHaveText(label);
}

test("an owner signs in, skips to the content, creates a QR code, sends a message; a dialog traps and returns focus", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await ownerWithProgramme(page, browser);
  const email = (await (await page.request.get("/api/user-profile")).json()).data.email as string;

  await keyboardLogIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Ada Owner" })).toBeVisible();

  // The first Tab reaches the skip link; Enter on it moves focus to the main content, and the
  // next Tab to the first control in it.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.getElementById("main")?.contains(document.activeElement))).toBe(true);

  // The chart's figures as a table: the disclosure opens with Enter.
  const disclosure = page.getByText("Show as table");
  await tabTo(page, disclosure);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("table", { name: /Stamps and new customers per day/ })).toBeVisible();

  // A QR code.
  await page.goto("/dashboard/my-qr-code");
  const generate = page.getByRole("region", { name: "Generate a QR code" });
  await choose(page, generate.getByLabel("Business", { exact: true }), "Blue", "Blue Bean Café");
  await tabAndType(page, generate.getByLabel("Label"), "Window");
  await tabTo(page, generate.getByRole("button", { name: "Generate QR code" }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page.getByText("QR code generated successfully.")).toBeVisible();

  // A message to the card holders.
  await page.goto("/dashboard/notifications");
  const form = page.getByRole("region", { name: "Message your customers" });
  await choose(page, form.getByLabel("Business"), "Blue", "Blue Bean Café");
  await tabAndType(page, form.getByLabel("Title"), "Fresh croissants");
  await tabAndType(page, form.getByLabel("Message"), "Out of the oven at 8am.");
  await tabTo(page, form.getByRole("button", { name: "Send message" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Notification added successfully")).toBeVisible();

  // A confirmation dialog: Space opens it, focus moves in and stays in, Escape closes it and
  // gives focus back to the button that opened it.
  await page.goto("/dashboard/product-category");
  const opener = page.getByRole("button", { name: "Delete Coffee" });
  await tabTo(page, opener);
  await page.keyboard.press("Space");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // Round and round its two buttons, forwards then backwards: focus never leaves it.
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} stays in the dialog`).toBe(true);
    await expectFocusRing(page);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await isFocused(opener)).toBe(true);

  // The customer dialog, opened from the list with Enter: the same.
  await page.goto("/dashboard/customers");
  const row = page.getByRole("button", { name: "Ann Lee" });
  await tabTo(page, row);
  await page.keyboard.press("Enter");
  const customer = page.getByRole("dialog");
  await expect(customer.getByRole("heading", { name: "Ann Lee" })).toBeVisible();
  expect(await customer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(customer).toBeHidden();
  expect(await isFocused(row)).toBe(true);
});

test("staff sign in and stamp a card by typing its serial", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const { staffEmail, cardUrl } = await ownerWithProgramme(ownerPage, browser);
  // The customer's card (the owner's browser holds its cookie): its serial, as printed on it.
  await ownerPage.goto(cardUrl);
  const serial = (await ownerPage.locator(".wallet-qr code").textContent())!;
  expect(serial).toMatch(/^LC-/);
  await owner.close();

  await keyboardLogIn(page, staffEmail, STAFF_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await page.goto("/dashboard/my-scans");
  await scannerReady(page);
  await tabAndType(page, page.getByLabel("Or type the card's code"), serial);
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("scan-result").getByText("Stamp added: 2 of 5.")).toBeVisible();
});

test("a new owner chooses a plan and pays with the sandbox card, by keyboard", async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("kbd-pay");
  await signedInOwner(page, request, email);
  await keyboardLogIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/subscription$/);
  await tabTo(page, page.getByRole("button", { name: "Choose Starter" }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payment\?mode=newUser&plan=\d+$/);
  await tabAndType(page, page.getByLabel("Card number"), "4242 4242 4242 4242");
  await tabAndType(page, page.getByLabel("Expiry (MM/YY)"), "12/34");
  await tabAndType(page, page.getByLabel("CVC"), "123");
  await tabTo(page, page.getByRole("button", { name: /^Pay / }));
  await expectFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/thank-you$/);
  await tabTo(page, page.getByRole("link", { name: "Go to your dashboard" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
});
