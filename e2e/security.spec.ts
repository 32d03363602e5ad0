// The sign-in surface under attack: each finding, reproduced against the production
// web server, must now fail.
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "./fixtures/env";
import { logIn, uniqueEmail } from "./fixtures/auth";

const sameOrigin = { origin: E2E.webUrl, "content-type": "application/json" };

/** Collects every CSP violation a page reports, from the event and from the console. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return async () => [
    ...violations,
    ...((await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];
}

const PUBLIC_PAGES = [
  "/privacy-policy",
  "/privacy-policy-1",
  "/terms-condition",
  "/",
  "/login",
  "/register",
  "/forgot-password",
  "/verify-otp?email=a%40b.co",
  "/forgot-verify-otp",
  "/add-to-wallet",
  `/add-to-wallet?qr_token=${"x".repeat(32)}`,
];
const SIGNED_IN_PAGES = [
  "/dashboard/main",
  "/dashboard/profile",
  "/subscription",
  "/dashboard/rewards",
  "/dashboard/my-qr-code",
  "/dashboard/my-scans",
  "/payment",
  "/payment?mode=newUser&plan=1",
  "/thank-you",
  "/dashboard/plans",
  "/dashboard/coupon",
  "/dashboard/notifications",
];

test("every page has a strict CSP and runs without a single violation", async ({ page }) => {
  // One test walks every public and signed-in page (each settled): about 20 s on a quiet machine,
  // over the default minute when CI's two cores are busy.
  test.setTimeout(180_000);
  const violations = await watchCsp(page);
  // Nothing third-party is configured here (Stripe, Google): no page may reach beyond this host.
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!/^(https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/|data:|blob:)/.test(request.url())) outside.push(request.url());
  });
  // What a page does on load is over: a signed-in page's top bar shows the profile (only once it is
  // hydrated) and nothing is loading; a public page has no such mark, so the network goes quiet.
  const signedIn = async () => {
    await expect(page.locator(".topbar-user")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  };
  const quiet = () => page.waitForLoadState("networkidle");
  const check = async (path: string, settled: () => Promise<void>) => {
    const response = await page.goto(path);
    const policy = response!.headers()["content-security-policy"] ?? "";
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    // Prerendered scripts are allowed by hash, scripts rendered for the request by its nonce.
    expect(scriptSrc, path).toMatch(/'sha256-|'nonce-/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(scriptSrc, path).not.toContain("'unsafe-eval'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    await settled();
    expect(await violations(), path).toEqual([]);
    expect(outside, path).toEqual([]);
  };
  for (const path of PUBLIC_PAGES) await check(path, quiet);
  // Hydrated pages work under the policy: signing in is a client-side form.
  await logIn(page, "demo@example.com", "demo-password");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  for (const path of SIGNED_IN_PAGES) await check(path, signedIn);
});

test("a static page is allowed by hashes alone; a page rendered per request gets a fresh nonce each time", async ({
  request,
}) => {
  const scriptSrc = async (path: string) => {
    const policy = (await request.get(path)).headers()["content-security-policy"] ?? "";
    return policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  };
  const legal = await scriptSrc("/privacy-policy");
  expect(legal).toContain("'sha256-");
  expect(legal).not.toContain("'nonce-");
  const nonceOf = async (path: string) => /'nonce-([^']+)'/.exec(await scriptSrc(path))?.[1];
  const first = await nonceOf("/add-to-wallet");
  expect(first).toBeTruthy();
  expect(await nonceOf("/add-to-wallet")).not.toBe(first);
  // A client cannot choose it either: its own policy header is dropped before Next.js reads one.
  const forged = await request.get("/add-to-wallet", {
    headers: { "content-security-policy": "script-src 'nonce-forged'" },
  });
  expect(forged.headers()["content-security-policy"]).not.toContain("'nonce-forged'");
  expect(await forged.text()).not.toContain('nonce="forged"');
});

test("a script injected into a page's HTML does not run", async ({ page }) => {
  const violations = await watchCsp(page);
  // The page as served, plus one inline script the framework did not write, under the same policy.
  await page.route("**/login", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", "<script>window.__pwned = true</script></body>");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/login");
  // The browser reports the blocked script: by then the script had its one chance to run.
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

test("the client cannot choose its IP: forged X-Forwarded-For does not reset the login limit", async ({ request }) => {
  const email = uniqueEmail("forged-ip");
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await request.post("/api/login", {
      headers: { ...sameOrigin, "x-forwarded-for": `203.0.113.${i + 1}` },
      data: { email, password: `guess-${i}` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
});

test("behind a trusted proxy, the client is the address the proxy saw, and https is honoured", async ({ request }) => {
  const email = uniqueEmail("proxied");
  const viaProxy = (client: string, password: string) =>
    request.post(`${E2E.proxiedWebUrl}/api/login`, {
      headers: {
        origin: "https://cards.example.com",
        "x-forwarded-host": "cards.example.com",
        "content-type": "application/json",
        // What the client claimed, then what the proxy appended: the proxy's entry wins.
        "x-forwarded-for": `198.51.100.1, ${client}`,
        "x-forwarded-proto": "https",
      },
      data: { email, password },
    });
  for (let i = 0; i < 10; i++) expect((await viaProxy("192.0.2.1", `guess-${i}`)).status()).toBe(401);
  expect((await viaProxy("192.0.2.1", "guess-x")).status()).toBe(429);
  // Another client behind the same proxy is counted on its own.
  const other = await viaProxy("192.0.2.2", "guess-y");
  expect(other.status()).toBe(401);
  expect(other.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);

  const demo = await request.post(`${E2E.proxiedWebUrl}/api/login`, {
    headers: {
      origin: "https://cards.example.com",
      "x-forwarded-host": "cards.example.com",
      "content-type": "application/json",
      "x-forwarded-for": "192.0.2.3",
      "x-forwarded-proto": "https",
    },
    data: { email: "demo@example.com", password: "demo-password" },
  });
  expect(demo.status()).toBe(200);
  expect(demo.headers()["set-cookie"]).toMatch(/^__Host-loyalty_session=.*; Path=\/.*Secure/i);
});

test("a direct client's forwarded headers are dropped: no https claims, no HSTS over http", async ({ request }) => {
  const response = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
  expect(response.headers()["strict-transport-security"]).toBeUndefined();
});

test("a cookie that does not open is no session: cleared, and sign-in works", async ({ page, context }) => {
  await context.addCookies([
    { name: "loyalty_session", value: "Fe26.2*1*aa*bb*cc*dd*ee*ff~2", url: E2E.webUrl, httpOnly: true },
  ]);
  const api = await page.request.post("/api/login", { headers: sameOrigin, data: {} });
  expect(api.status()).toBe(422);
  expect(api.headers()["set-cookie"]).toMatch(/loyalty_session=;/);

  await context.addCookies([
    { name: "loyalty_session", value: "Fe26.2*1*aa*bb*cc*dd*ee*ff~2", url: E2E.webUrl, httpOnly: true },
  ]);
  await logIn(page, "demo@example.com", "demo-password");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
});

test("logout with a JSON content type and an empty body revokes the token", async ({ page, context }) => {
  await logIn(page, "demo@example.com", "demo-password");
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  const saved = (await context.cookies()).find((c) => c.name === "loyalty_session")!;

  const logout = await page.request.post("/api/logout", { headers: sameOrigin, data: "" });
  expect(logout.status()).toBe(200);

  await context.clearCookies();
  await context.addCookies([saved]);
  expect((await page.request.get("/api/user-profile")).status()).toBe(401);
});

test("signing in again over a live session revokes the earlier one", async ({ playwright }) => {
  const browser = await playwright.request.newContext({ baseURL: E2E.webUrl });
  const signIn = () =>
    browser.post("/api/login", { headers: sameOrigin, data: { email: "demo@example.com", password: "demo-password" } });
  expect((await signIn()).status()).toBe(200);
  const first = (await browser.storageState()).cookies;
  expect((await signIn()).status()).toBe(200);
  expect((await browser.get("/api/user-profile")).status()).toBe(200);

  const stolen = await playwright.request.newContext({
    baseURL: E2E.webUrl,
    storageState: { cookies: first, origins: [] },
  });
  expect((await stolen.get("/api/user-profile")).status()).toBe(401);
  await Promise.all([browser.dispose(), stolen.dispose()]);
});

test("every path through the BFF is capped: a chunked reset-password body gets 413", async () => {
  const chunk = new Uint8Array(1024 * 1024).fill(0x5b);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 40) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const response = await fetch(`${E2E.webUrl}/api/reset-password`, {
    method: "POST",
    headers: sameOrigin,
    body: stream,
    duplex: "half",
  } as RequestInit);
  expect(response.status).toBe(413);
  expect(sent).toBeLessThan(40);
});

test("odd requests get 4xx, never 5xx", async ({ request }) => {
  const head = await fetch(`${E2E.webUrl}/api/health`, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");

  const trace = await fetch(`${E2E.webUrl}/`, { method: "TRACE" }).catch(() => null);
  // Node's fetch refuses to send TRACE itself; the raw request below is what curl sends.
  expect(trace).toBeNull();
  const raw = async (method: string, path: string) => {
    const net = await import("node:net");
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(E2E.webPort, "127.0.0.1", () =>
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      );
      let data = "";
      socket.on("data", (d) => (data += d));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
  };
  expect(await raw("TRACE", "/")).toMatch(/^HTTP\/1\.1 405/);
  const undecodable = await raw("GET", "/api/%ZZ");
  expect(undecodable).toMatch(/^HTTP\/1\.1 400/);
  expect(undecodable).toContain('{"status":false,"message":"Bad request.","data":null}');
  expect(await raw("GET", "/%ZZ")).toMatch(/^HTTP\/1\.1 400/);

  const nested = await request.post("/api/reset-password", { headers: sameOrigin, data: "[".repeat(200_000) });
  expect(nested.status()).toBe(422);
  expect((await request.get("/api/health")).status()).toBe(200);
  expect(await (await request.get("/api/health")).json()).toEqual({ status: true, message: "OK", data: null });
});
