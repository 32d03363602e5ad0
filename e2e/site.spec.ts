import { spawn } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { logIn, registerOwner, uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { messagesFor } from "./fixtures/mailbox";
import { WEB_MEMORY_ENV, WEB_SERVER_ARGS } from "../scripts/lib/web-server-command.mjs";

const SECTIONS = [
  { link: "Home", id: "home", heading: "Loyalty cards your customers keep coming back for" },
  { link: "About us", id: "about-us", heading: "About us" },
  { link: "How it work", id: "how-it-work", heading: "How it works" },
  { link: "Pricing", id: "pricing", heading: "Simple pricing" },
  { link: "Contact us", id: "contact-us", heading: "Contact us" },
];
const LEGAL = [
  { path: "/privacy-policy", title: "Privacy Policy", text: "What we collect" },
  { path: "/privacy-policy-1", title: "Privacy Notice for Card Holders", text: "Who is responsible" },
  { path: "/terms-condition", title: "Terms & Conditions", text: "Plans and payment" },
];

/** Collects console errors and uncaught exceptions of a page. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

test("the top bar's section links scroll to their sections, also from another page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const section of [...SECTIONS].reverse()) {
    await nav.getByRole("link", { name: section.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${section.id}$`));
    await expect(page.getByRole("heading", { name: section.heading, exact: true })).toBeInViewport();
  }
  await page.goto("/terms-condition");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.getByRole("heading", { name: "Simple pricing" })).toBeInViewport();
});

test("the home page shows the live plans, the reviews and the logo from the API", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").locator("img")).toHaveAttribute("src", "/icon.svg");
  const pricing = page.locator("#pricing");
  for (const [name, price] of [
    ["Starter", "$19.00"],
    ["Growth", "$49.00"],
    ["Business Annual", "$490.00"],
  ] as const) {
    const plan = pricing.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(plan).toContainText(price);
    await expect(plan.getByRole("link", { name: `Get started with ${name}` })).toHaveAttribute("href", "/register");
  }
  await expect(pricing).toContainText("Staff accounts with their own scanner");
  const review = page.getByRole("figure").filter({ hasText: "Maria Lopez" });
  await expect(review.getByLabel("Rated 5 out of 5")).toBeVisible();
  await expect(review).toContainText("We swapped our paper cards in an afternoon.");
});

test("every footer link is there and leads where it says", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Loyalty Cards`);
  for (const [name, href] of [
    ["Facebook", "https://www.facebook.com/loyaltycards"],
    ["Twitter", "https://twitter.com/loyaltycards"],
    ["Instagram", "https://www.instagram.com/loyaltycards"],
  ] as const) {
    await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  }
  for (const [name, id] of [
    ["Home", "home"],
    ["About us", "about-us"],
    ["How it Work", "how-it-work"],
    ["Contact us", "contact-us"],
  ] as const) {
    await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms & Conditions" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Become a member" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("the contact form sends a message: stored, mailed to the operator, the server's answer shown", async ({
  page,
}) => {
  await page.goto("/#contact-us");
  const form = page.getByRole("form", { name: "Contact us" });
  const since = Date.now();
  await form.getByLabel("Name", { exact: true }).fill("Olga Owner");
  await form.getByLabel("Email").fill("olga@example.com");
  await form.getByLabel("Phone number").fill("+44 20 7946 0001");
  await form.getByLabel("Company name").fill("Olga's Deli");
  await form.getByLabel("Message").fill("We run two delis and would like a demo next week.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Thank you for your message. We will get back to you within one business day.",
  );
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect
    .poll(async () => (await messagesFor(E2E.contactEmail)).filter((m) => m.receivedAt >= since).length)
    .toBe(1);
  const [mail] = (await messagesFor(E2E.contactEmail)).filter((m) => m.receivedAt >= since);
  expect(mail!.subject).toContain("Olga Owner");
  expect(mail!.raw).toContain("We run two delis");
});

test("the contact form checks its fields in the browser and shows the server's field messages", async ({ page }) => {
  await page.goto("/#contact-us");
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name", { exact: true }).fill("Al");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Phone number").fill("+1 555 0100");
  await form.getByLabel("Message").fill("Too short");
  await form.getByRole("button", { name: "Send message" }).click();
  // The browser refuses to send it: nothing is posted, the email field is invalid.
  expect(await form.getByLabel("Email").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  await expect(form.getByRole("status")).toHaveText("");

  // With the browser's checks switched off, the API's validation answers with field messages.
  await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByRole("status")).toHaveText("The given data was invalid.");
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(form.getByText("The message must be at least 10 characters.")).toBeVisible();
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
});

for (const legal of LEGAL) {
  test(`${legal.path} shows the server's content with its title`, async ({ page }) => {
    await page.goto(legal.path);
    await expect(page).toHaveTitle(`${legal.title} · Loyalty Cards`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
    await expect(page.getByRole("heading", { level: 2, name: legal.text })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${legal.path}$`));
  });
}

test("hostile HTML stored in a legal page is shown sanitised and never runs", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/privacy-policy-1");
  const content = page.locator(".legal-content");
  await expect(content.getByText("Injected paragraph.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Who is responsible" })).toBeVisible();
  await expect(content.locator("script, img, [onerror]")).toHaveCount(0);
  await expect(content.getByText("bad link")).not.toHaveAttribute("href", /javascript/);
  expect(await page.evaluate(() => (window as unknown as { __injected?: unknown }).__injected)).toBeUndefined();
  expect(errors).toEqual([]);
});

test("a signed-in owner gets the Dashboard button, decided on the server", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Login Your Account" })).toHaveAttribute("href", "/login");
  const email = uniqueEmail("site");
  await registerOwner(page, email);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/subscription$/);
  // The translation widget is on the signed-in pages.
  await expect(page.getByLabel("Other languages")).toBeVisible();

  const html = await (await page.request.get("/")).text();
  expect(html).toContain(">Dashboard</a>");
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/subscription");
  await expect(banner.getByRole("link", { name: "Login Your Account" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Simple pricing" })).toBeVisible();
  // The legal pages too; the signed-in variant's own path is not a page of its own.
  await page.goto("/terms-condition");
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.goto("/session-view");
  await expect(page).toHaveURL(/\/$/);
});

test("the home page is whole with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  for (const section of SECTIONS) await expect(page.getByRole("heading", { name: section.heading })).toBeVisible();
  await expect(page.locator("#pricing")).toContainText("$49.00");
  await expect(page.getByRole("link", { name: "Login Your Account" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Contact us" }).getByLabel("Message")).toBeVisible();
  await context.close();
});

test("no public page logs an error, at phone and desktop widths, none wider than the screen", async ({ page }) => {
  const errors = watchErrors(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", ...LEGAL.map((l) => l.path), "/login", "/register"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
  expect(errors).toEqual([]);
});

test("search engines get the sitemap, robots rules, canonical URLs, cards and the organisation", async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/privacy-policy", "/privacy-policy-1", "/terms-condition"]) expect(sitemap).toContain(path);
  expect(sitemap).not.toMatch(/dashboard|\/api|login|subscription/);
  const robots = await (await request.get("/robots.txt")).text();
  for (const rule of ["Disallow: /dashboard", "Disallow: /api/", "Disallow: /verify-otp"])
    expect(robots).toContain(rule);
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);

  await page.goto("/");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /digital stamp card/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Loyalty cards/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Loyalty Cards" });
  expect(jsonLd.sameAs).toContain("https://www.facebook.com/loyaltycards");
});

test("the translation widget lists the languages and leaves the page working when Google is unreachable", async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  let googleAsked = false;
  await page.route(/translate\.google(apis)?\.com/, (route) => {
    googleAsked = true;
    return route.abort("internetdisconnected");
  });
  await page.goto("/login");
  const picker = page.getByLabel("Other languages");
  await expect(picker).toHaveValue("en");
  expect(await picker.locator("option").count()).toBeGreaterThan(100);
  // The languages the product speaks itself are the language picker's, not Google's.
  for (const own of ["es", "fr", "de", "pt", "ar"])
    await expect(picker.locator(`option[value="${own}"]`)).toHaveCount(0);
  // Nothing is fetched from Google until a language is picked.
  expect(googleAsked).toBe(false);
  await picker.selectOption("it");
  await expect(page.getByText("Translation is not available right now.")).toBeVisible();
  expect(googleAsked).toBe(true);
  await page.getByLabel("Email").fill("still@works.example");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  expect(pageErrors).toEqual([]);
});

test("right after a deploy, the first visitor of a legal page reads it, not 'could not be loaded'", async () => {
  // A web server of the same build that nobody has visited: it holds only what `next build` made,
  // which had no API server to ask, like every server right after a deploy.
  const server = spawn(process.execPath, WEB_SERVER_ARGS, {
    env: {
      ...process.env,
      ...WEB_MEMORY_ENV,
      PORT: String(E2E.freshWebPort),
      HOSTNAME: "127.0.0.1",
      BACKEND_API_URL: E2E.apiUrl,
      SESSION_SECRET: E2E.sessionSecret,
      PUBLIC_APP_URL: E2E.webUrl,
      PAYMENTS_MODE: "sandbox",
      DATA_DIR: E2E.dataDir,
    },
    stdio: "ignore",
  });
  try {
    const base = `http://127.0.0.1:${E2E.freshWebPort}`;
    await expect
      .poll(
        () =>
          fetch(`${base}/robots.txt`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    for (const { path, text } of LEGAL) {
      const html = await (await fetch(`${base}${path}`)).text();
      expect(html, path).toContain(text);
      expect(html, path).not.toContain("could not be loaded");
    }
  } finally {
    server.kill();
  }
});
