import { expect, test } from "@playwright/test";
import { E2E } from "./fixtures/env";

const sameOrigin = { origin: E2E.webUrl };

test("the BFF forwards only contract calls", async ({ request }) => {
  const unknown = await request.get("/api/admin-secrets");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ status: false, code: "not_found", message: "Not found.", data: null });
  // A contract path with the wrong method is not forwarded either.
  expect((await request.get("/api/login")).status()).toBe(404);
});

test("a cross-site mutation is refused with 403 and reaches nothing", async ({ request }) => {
  const response = await request.post("/api/login", {
    headers: { origin: "https://evil.example" },
    data: { email: "demo@example.com", password: "demo-password" },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).message).toBe("Cross-site request refused.");
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("bodies over the cap are refused, by length and while streaming", async () => {
  const big = "x".repeat(6 * 1024 * 1024);
  const declared = await fetch(`${E2E.webUrl}/api/register`, {
    method: "POST",
    headers: { ...sameOrigin, "content-type": "application/json" },
    body: big,
  });
  expect(declared.status).toBe(413);

  // A chunked body announces no length: the cap is counted while the body streams through.
  const chunk = new TextEncoder().encode(big.slice(0, 1024 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < 7) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const streamed = await fetch(`${E2E.webUrl}/api/register`, {
    method: "POST",
    headers: { ...sameOrigin, "content-type": "application/json" },
    body: stream,
    duplex: "half",
  } as RequestInit);
  expect(streamed.status).toBe(413);
});

test("the login answer reaches the browser without the token, and 422s pass through", async ({ request }) => {
  const ok = await request.post("/api/login", {
    headers: sameOrigin,
    data: { email: "demo@example.com", password: "demo-password" },
  });
  const body = await ok.json();
  expect(ok.status()).toBe(200);
  expect(body.status).toBe(true);
  expect(body.data.status_payment).toBe("1");
  expect(body).not.toHaveProperty("auth_token");
  expect(ok.headers()["set-cookie"]).toMatch(/loyalty_session=.*HttpOnly.*SameSite=Lax/i);

  const invalid = await request.post("/api/register", { headers: sameOrigin, data: { email: "nope" } });
  expect(invalid.status()).toBe(422);
  expect((await invalid.json()).errors.email).toEqual(["Please enter a valid email address."]);
});

test("with the API server down the BFF answers 503 and the page says so", async ({ page, request }) => {
  const response = await request.get(`${E2E.deadWebUrl}/api/user-profile`);
  expect(response.status()).toBe(503);
  expect(await response.json()).toEqual({
    status: false,
    code: "unavailable",
    message: "Service unavailable, please try again",
    data: null,
  });

  await page.goto(`${E2E.deadWebUrl}/login`);
  await page.getByLabel("Email").fill("demo@example.com");
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Service unavailable, please try again")).toBeVisible();
});
