import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { DASHBOARD_SECTIONS } from "../lib/routes";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { dashboardNav, payPlan, signedInOwner } from "./fixtures/owner";

const logo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#e11d48" } })
    .png()
    .toBuffer();

const kpi = (page: Page, key: string) => page.getByTestId(`kpi-${key}`);

async function fillPlace(page: Page, city: string) {
  await page.getByLabel("Business category").selectOption("Café and Coffee Shop");
  await page.getByLabel("Street address").fill("12 Market Street");
  await page.getByLabel("City").fill(city);
  await page.getByLabel("State or region").fill("Greater London");
  await page.getByLabel("Zip code").fill("EC1A 1BB");
  await page.getByLabel("Country").selectOption("United Kingdom");
}

test("an owner adds, edits and deletes a business with its logo, an address and a category", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request, uniqueEmail("dash"));
  await payPlan(page, "Growth"); // product categories are a Growth feature
  await page.goto("/dashboard/main");
  await expect(kpi(page, "businesses")).toHaveText("0");
  await expect(page.getByRole("heading", { name: "Start with your business" })).toBeVisible();

  // Business with a logo: the upload goes through the BFF as multipart.
  await dashboardNav(page).getByRole("link", { name: "Business", exact: true }).click();
  await expect(page.getByRole("heading", { name: "No businesses yet" })).toBeVisible();
  await page.getByRole("button", { name: "Add your first business" }).click();
  await page.getByLabel("Business name").fill("Blue Bean Café");
  await page.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logo() });
  await fillPlace(page, "London");
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(page.getByText("Business added successfully.")).toBeVisible();
  const shownLogo = page.getByRole("img", { name: "Blue Bean Café logo" });
  await expect(shownLogo).toBeVisible();
  await expect.poll(() => shownLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

  await page.getByRole("button", { name: "Edit Blue Bean Café" }).click();
  await page.getByLabel("Business name").fill("Green Bean Café");
  await page.getByRole("button", { name: "Save business" }).click();
  await expect(page.getByText("Business updated successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Green Bean Café" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Green Bean Café logo" })).toBeVisible();

  // An address: the locations KPI follows.
  await dashboardNav(page).getByRole("link", { name: "Address" }).click();
  await page.getByRole("button", { name: "Add an address" }).click();
  await page.getByLabel("Business", { exact: true }).selectOption({ label: "Green Bean Café" });
  await fillPlace(page, "Leeds");
  await page.getByRole("button", { name: "Add address" }).click();
  await expect(page.getByText("Address added successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "12 Market Street, Leeds" })).toBeVisible();
  await dashboardNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(kpi(page, "locations")).toHaveText("1");
  await expect(kpi(page, "businesses")).toHaveText("1");

  await dashboardNav(page).getByRole("link", { name: "Address" }).click();
  await page.getByRole("button", { name: "Edit 12 Market Street, Leeds" }).click();
  await page.getByLabel("City").fill("York");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("heading", { name: "12 Market Street, York" })).toBeVisible();
  await page.getByRole("button", { name: "Delete 12 Market Street, York" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete address" }).click();
  await expect(page.getByText("Address deleted successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No addresses yet" })).toBeVisible();
  await dashboardNav(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(kpi(page, "locations")).toHaveText("0");

  // A product category: add, rename, delete.
  await dashboardNav(page).getByRole("link", { name: "Product Categories" }).click();
  await page.getByLabel("Category name").fill("Coffee");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Product category add successfully")).toBeVisible();
  await page.getByLabel("Category name").fill("coffee");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("The name has already been taken.").first()).toBeVisible();
  await page.getByRole("button", { name: "Edit Coffee" }).click();
  await page.getByRole("region", { name: "Rename Coffee" }).getByLabel("Category name").fill("Espresso");
  await page.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByRole("heading", { name: "Espresso", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete Espresso" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByRole("heading", { name: "No product categories yet" })).toBeVisible();

  // Deleting the business asks first; Cancel keeps it.
  await dashboardNav(page).getByRole("link", { name: "Business", exact: true }).click();
  await page.getByRole("button", { name: "Delete Green Bean Café" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Green Bean Café" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Green Bean Café" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete business" }).click();
  await expect(page.getByText("Business deleted successfully.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No businesses yet" })).toBeVisible();
});

test("fields in a row line up: a neighbour with a hint does not push a select away from its label", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request, uniqueEmail("fields"));
  await payPlan(page, "Growth");
  await page.goto("/dashboard/rewards");
  // "Business" (a select) shares its row with "Reward" (an input with a hint below it): the taller
  // neighbour once stretched the select's field, its label and select spread apart, the select
  // 14 px lower than the input beside it.
  const business = await page.getByLabel("Business", { exact: true }).boundingBox();
  const reward = await page.getByLabel("Reward", { exact: true }).boundingBox();
  expect(Math.abs(business!.y - reward!.y)).toBeLessThanOrEqual(3);
  expect(business!.height).toBeLessThanOrEqual(reward!.height + 3);
});

test("uploads through the BFF: a 3 MB image is a 422 beside the field, a 6 MB file a 413", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request, uniqueEmail("upload"));
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const fields = {
    business_name: "Big Logo Bakery",
    business_category: "Bakery",
    address: "1 High Street",
    city: "Bath",
    state: "Somerset",
    zip_code: "BA1 1AA",
    country_name: "United Kingdom",
  };
  const noise = Buffer.alloc(1000 * 1000 * 3, 0).map(() => Math.floor(Math.random() * 256));
  const big = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const tooBig = await request.post("/api/add-business", {
    headers: { origin: E2E.webUrl, cookie },
    multipart: { ...fields, business_logo: { name: "big.png", mimeType: "image/png", buffer: big } },
  });
  expect(tooBig.status()).toBe(422);
  expect((await tooBig.json()).errors).toEqual({ business_logo: ["The business logo may not be greater than 2 MB."] });

  const huge = await request.post("/api/add-business", {
    headers: { origin: E2E.webUrl, cookie },
    multipart: {
      ...fields,
      business_logo: { name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([big, big]) },
    },
  });
  expect(huge.status()).toBe(413);

  // In the page the same rule is checked before anything is sent.
  await page.goto("/dashboard/business");
  await page.getByRole("button", { name: "Add your first business" }).click();
  await page.getByLabel("Business name").fill("Big Logo Bakery");
  await page.getByLabel("Logo").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
  await fillPlace(page, "Bath");
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The business logo may not be greater than 2 MB." }),
  ).toBeVisible();
  await expect(page.getByLabel("Logo")).toBeFocused();
});

test("an invited staff member joins in another browser and sees the reduced menu", async ({
  page,
  request,
  browser,
}) => {
  await signedInOwner(page, request, uniqueEmail("team-owner"), "Olive Owner");
  await payPlan(page, "Growth"); // staff accounts are a Growth feature
  await page.goto("/dashboard/my-staff");
  const staffEmail = uniqueEmail("staff");
  await page.getByLabel("Name").fill("Sam Staff");
  await page.getByLabel("Email").fill(staffEmail);
  await page.getByRole("button", { name: "Send invite" }).click();
  await expect(page.getByText("Staff add successfully")).toBeVisible();
  const link = await page.getByLabel("Invite link").inputValue();
  expect(link).toMatch(new RegExp(`^${E2E.webUrl}/add-user/[A-Za-z0-9_-]{43}$`));
  await expect(page.getByRole("list", { name: "Your staff" }).getByText("Invited")).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${E2E.mailboxUrl}/messages?to=${staffEmail}`)).json()).length)
    .toBe(1);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto(link);
  await expect(staff.getByRole("banner")).toHaveCount(0);
  await expect(staff.getByRole("heading", { name: "Join Olive Owner's team" })).toBeVisible();
  await expect(staff.getByLabel("Email")).toHaveValue(staffEmail);
  await staff.getByLabel("Password", { exact: true }).fill("staff-password-77");
  await staff.getByLabel("Confirm password").fill("staff-password-77");
  await staff.getByRole("button", { name: "Join the team" }).click();
  await expect(staff.getByText("Your account is ready. You can now log in.")).toBeVisible();
  await staff.getByRole("link", { name: "Sign in" }).click();
  // The invite page has an Email field too: type only once the login page has replaced it.
  await expect(staff).toHaveURL(/\/login$/);
  await expect(staff.getByRole("heading", { name: "Log in to your account" })).toBeVisible();
  // The link leads to another root layout, so a full load: typed once the page is live (its submit
  // button enabled).
  await expect(staff.getByRole("button", { name: "Log in" })).toBeEnabled();
  await staff.getByLabel("Email").fill(staffEmail);
  await staff.getByLabel("Password").fill("staff-password-77");
  await staff.getByRole("button", { name: "Log in" }).click();
  await expect(staff).toHaveURL(/\/dashboard\/main$/);
  await expect(staff.getByRole("heading", { name: "Welcome back, Sam Staff" })).toBeVisible();
  const nav = dashboardNav(staff);
  await expect(nav.getByRole("link")).toHaveText([
    "Profile",
    "Dashboard",
    "My Scans",
    "Customers",
    "Notification",
    "How to Use Dashboard and Scanner",
  ]);
  // An owner's section by its address: back to the dashboard.
  await staff.goto("/dashboard/business");
  await expect(staff).toHaveURL(/\/dashboard\/main$/);

  // The used link now says so.
  await staff.goto(link);
  await expect(staff.getByText("This invitation has already been used.")).toBeVisible();

  // Removing the staff member signs them out at once.
  await page.reload();
  await page.getByRole("button", { name: "Remove Sam Staff" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove and sign out" }).click();
  await expect(page.getByText("Staff deleted successfully.")).toBeVisible();
  await staff.goto("/dashboard/profile");
  await expect(staff).toHaveURL(/\/login$/);
  await staffContext.close();
});

test("on Starter, inviting staff (a Growth feature) shows the server's refusal and adds nobody", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request, uniqueEmail("starter-owner"));
  await payPlan(page, "Starter");
  await page.goto("/dashboard/my-staff");
  await page.getByLabel("Name").fill("Sam Staff");
  await page.getByLabel("Email").fill(uniqueEmail("staff"));
  await page.getByRole("button", { name: "Send invite" }).click();
  await expect(page.getByText(/Your Starter plan does not include staff accounts/)).toBeVisible();
  await expect(page.getByText("Staff add successfully")).toHaveCount(0);
});

test("an unknown invite link says so", async ({ page }) => {
  await page.goto(`/add-user/${"x".repeat(43)}`);
  await expect(page.getByText("This invitation link is not valid.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to sign in" })).toBeVisible();
});

test("the menu is open at 1280 px and a closed drawer at 800 px, marking the current page", async ({
  page,
  request,
}) => {
  await signedInOwner(page, request, uniqueEmail("menu"));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/how-to-use");
  const nav = dashboardNav(page);
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "How to Use Dashboard and Scanner" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.getByRole("link")).toHaveText([
    "Profile",
    "Dashboard",
    "Business",
    "My QR Code",
    "My Scans",
    "Customers",
    "Rewards",
    "Offers",
    "My Staff",
    "Address",
    "Notification",
    "Insights",
    "Automations",
    "Product Categories",
    "Coupons",
    "Card Design",
    "Integrations",
    "Subscription Plan",
    "How to Use Dashboard and Scanner",
  ]);
  await expect(page.getByRole("img", { name: /scanning the QR code/ })).toBeVisible();

  await page.setViewportSize({ width: 800, height: 900 });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(nav).toBeVisible();

  // On a phone the top bar (menu, brand, LOG OUT) fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/main");
  await expect(page.getByRole("button", { name: "LOG OUT" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // An unknown section lands on the main dashboard.
  await page.goto("/dashboard/no-such-section");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
});

test("a profile fetch with a revoked token clears local storage and lands on /login", async ({
  page,
  request,
  browser,
}) => {
  const email = uniqueEmail("revoked");
  await signedInOwner(page, request, email);
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("region", { name: "Your details" }).getByLabel("Full name")).toHaveValue("Ada Owner");
  await page.evaluate(() => localStorage.setItem("qrData", "{}"));

  // A password change elsewhere revokes this browser's token.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/login");
  await otherPage.getByLabel("Email").fill(email);
  await otherPage.getByLabel("Password").fill("correct-horse-42");
  await otherPage.getByRole("button", { name: "Log in" }).click();
  await expect(otherPage).toHaveURL(/\/subscription$/);
  await otherPage.goto("/dashboard/profile");
  // Typed only once the page is live: a value typed before hydration can be reset by it.
  await expect(otherPage.getByRole("region", { name: "Your details" }).getByLabel("Full name")).toHaveValue(
    "Ada Owner",
  );
  const password = otherPage.getByRole("region", { name: "Change password" });
  await password.getByLabel("Current password").fill("correct-horse-42");
  await password.getByLabel("New password", { exact: true }).fill("a-brand-new-password-1");
  await password.getByLabel("Confirm new password").fill("a-brand-new-password-1");
  await password.getByRole("button", { name: "Update password" }).click();
  await expect(otherPage.getByText("Password updated successfully.")).toBeVisible();
  await other.close();

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto("/dashboard/main");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("every section in a time zone and language far from the server's", () => {
  const far = { timezoneId: "Pacific/Auckland", locale: "de-DE" };
  test.use(far);

  // One owner with a plan per worker: each section's test signs in as them instead of signing up.
  let owner: Awaited<ReturnType<BrowserContext["storageState"]>>;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ ...far, baseURL: E2E.webUrl });
    const page = await context.newPage();
    await signedInOwner(page, context.request, uniqueEmail("hydration"));
    await payPlan(page);
    owner = await context.storageState();
    await context.close();
  });

  for (const type of DASHBOARD_SECTIONS) {
    test(`${type} loads without a console error or a hydration mismatch (React #418)`, async ({ page }) => {
      await page.context().addCookies(owner.cookies);
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(`${page.url()}: ${message.text()}`));
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${String(error)}`));
      // Full loads, twice: the top bar's profile answer races the section's hydration, and the
      // second load (scripts cached) hydrates sooner than the first.
      for (let round = 0; round < 2; round++) {
        await page.goto(`/dashboard/${type}`);
        await expect(page.locator("h1").first()).toBeVisible();
        // What matters has happened: the top bar shows the profile (only after hydration) and no
        // part of the section is still loading (every skeleton is aria-busy).
        await expect(page.locator(".topbar-user")).toHaveText("Ada Owner");
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      }
      expect(errors).toEqual([]);
    });
  }
});
