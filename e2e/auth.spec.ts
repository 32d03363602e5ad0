import { expect, test } from "@playwright/test";
import { unsealData } from "iron-session";
import { logIn, PASSWORD, registerOwner, uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { holdScripts } from "./fixtures/held-scripts";
import { waitForCode } from "./fixtures/mailbox";

test("an owner registers with an emailed code, logs in, lands on /subscription and logs out", async ({ page }) => {
  const email = uniqueEmail("register");
  await registerOwner(page, email);

  await logIn(page, email);
  await expect(page).toHaveURL(/\/subscription$/);
  // No plan yet: the plans to choose from (they took the account summary's place).
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Choose Starter" })).toBeVisible();
  await expect(page.getByText("Ada Owner")).toBeVisible();
  // Signed in without a paid plan: the guest pages lead back to /subscription.
  await page.goto("/register");
  await expect(page).toHaveURL(/\/subscription$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/subscription$/);

  await page.getByRole("button", { name: "LOG OUT" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is gone: a protected page sends us back to /login.
  await page.goto("/subscription");
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot password: code, new password, login with the new one", async ({ page }) => {
  const email = uniqueEmail("forgot");
  await registerOwner(page, email);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  // A client-side navigation: until it lands, the login page's own Email field is still the one shown.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  // By role, not label: with Cache Components the pages navigated away from stay mounted, hidden,
  // and a label query would also find their email fields.
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  const since = Date.now();
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page).toHaveURL(/\/forgot-verify-otp\?email=/);
  const code = await waitForCode(email, since);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();

  await expect(page).toHaveURL(/\/change-password\?email=/);
  const newPassword = "a-brand-new-password-7";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, PASSWORD);
  await expect(page.getByText("These credentials do not match our records.")).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/subscription$/);
});

test("a wrong password shows the server message, which closes after 5 seconds", async ({ page }) => {
  // The page's clock is Playwright's: the test moves it instead of sleeping through the 5 seconds.
  await page.clock.install();
  await logIn(page, "demo@example.com", "not-the-password");
  const message = page.getByText("These credentials do not match our records.");
  await expect(message).toBeVisible();
  // Paused half a second ahead (a pause must lie in the page's future), then run to the 4-s mark.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
  await page.clock.runFor(3_500);
  await expect(message).toBeVisible();
  // From here real time: the toaster sets its removal timer in an effect after the dismissal
  // renders, which a paused clock would never reach. Dismissed at 5 s, gone a second later.
  await page.clock.resume();
  await expect(message).toBeHidden({ timeout: 3_000 });
  await expect(page).toHaveURL(/\/login$/);
});

test("the form checks input in the browser with the contract's rules", async ({ page }) => {
  let calls = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/register")) calls += 1;
  });
  await page.goto("/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("The name must be at least 2 characters.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toBeFocused();
  expect(calls).toBe(0);
});

test("the form's rules load only once the form is used, not with the page", async ({ page }) => {
  // The rules' chunk is the one script that carries their messages.
  const rulesLoaded: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.text().catch(() => "");
    if (body.includes("Please enter a valid email address.")) rulesLoaded.push(response.url());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(rulesLoaded).toEqual([]);

  await page.getByLabel("Email").focus();
  await expect.poll(() => rulesLoaded.length).toBe(1);
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
});

test("the sign-in pages ship no ICU message parser: the catalogues are compiled by the build, and their words still read", async ({
  page,
}) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // An error kind of the ICU message parser (@formatjs/icu-messageformat-parser, under intl-messageformat).
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes("MALFORMED_ARGUMENT"))).toEqual([]);
  // A compiled rich-text message, formatted in the browser after hydration.
  await page.goto("/login");
  await expect(page.getByText("New here?")).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("after login the token is nowhere the page's JavaScript can read", async ({ page, context }) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    bodies.push(await response.text().catch(() => ""));
  });
  await logIn(page, "demo@example.com", "demo-password");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Demo Owner" })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === "loyalty_session");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  const session = await unsealData<{ token?: string }>(cookie!.value, { password: E2E.sessionSecret });
  const token = session.token!;
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

  const visible = await page.evaluate(() => ({
    cookies: document.cookie,
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  }));
  expect(visible.cookies).not.toContain("loyalty_session");
  expect(visible.storage).not.toContain(token);
  expect(bodies.length).toBeGreaterThan(2);
  for (const body of bodies) expect(body).not.toContain(token);

  // Signed in with a paid plan: /login leads to the dashboard, and the home page offers it.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await page.goto("/");
  await page.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);
});

test("login works with the keyboard alone", async ({ page }) => {
  await page.goto("/login");
  // Typed only once the page is live (its submit button enabled): see logIn in fixtures/auth.
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByLabel("Email").focus();
  await page.keyboard.type("demo@example.com");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type("demo-password");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await expect(page.getByRole("heading", { name: "Welcome back, Demo Owner" })).toBeVisible();
});

test("an unknown path ends on the home page", async ({ page }) => {
  await page.goto("/some/unknown/path");
  await expect(page).toHaveURL(`${E2E.webUrl}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the dashboard menu opens by itself on wide screens only", async ({ page }) => {
  await logIn(page, "demo@example.com", "demo-password");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(nav).toBeHidden();
});

test("before the page's scripts have run, the login form cannot be sent: no password ever lands in the address", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "commit" });
  const submit = page.getByRole("button", { name: "Log in" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Email").fill("early@example.com");
  await page.getByLabel("Password").fill("typed-too-soon-99");
  await page.getByLabel("Password").press("Enter");
  expect(page.url()).not.toContain("typed-too-soon-99");

  release();
  await expect(submit).toBeEnabled();
  expect(page.url()).toMatch(/\/login$/);
});

test("what is typed into the login form before its scripts run is kept once they do, and signs in", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "commit" });
  const submit = page.getByRole("button", { name: "Log in" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Email").fill("demo@example.com");

  release();
  await expect(submit).toBeEnabled();
  // The first key typed after hydration renders the form again: the email typed before stays.
  await page.getByLabel("Password").fill("demo-password");
  await expect(page.getByLabel("Email")).toHaveValue("demo@example.com");
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard\/main$/);
});
