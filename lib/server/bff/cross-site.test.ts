import { NextRequest } from "next/server";
import { isHttps } from "../session";
import { isCrossSite } from "./cross-site";

const request = (headers: Record<string, string>, url = "http://localhost:3000/api/login") =>
  new NextRequest(url, { method: "POST", headers });

describe("cross-site mutation check (CSRF)", () => {
  it("lets our own origin through", () => {
    expect(isCrossSite(request({ origin: "http://localhost:3000", host: "localhost:3000" }))).toBe(false);
  });

  it("accepts the public origin behind a TLS-terminating proxy", () => {
    const behindProxy = request(
      { origin: "https://cards.example.com", "x-forwarded-host": "cards.example.com", "x-forwarded-proto": "https" },
      "http://10.0.0.5:3000/api/login",
    );
    expect(isCrossSite(behindProxy)).toBe(false);
  });

  it.each(["https://evil.example", "http://localhost:3001", "null", "https://localhost:3000"])(
    "refuses Origin %s",
    (origin) => expect(isCrossSite(request({ origin, host: "localhost:3000" }))).toBe(true),
  );

  it("refuses a request the browser marks cross-site even without Origin", () => {
    expect(isCrossSite(request({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSite(request({ "sec-fetch-site": "same-origin" }))).toBe(false);
  });
});

describe("https detection for the Secure cookie flag", () => {
  it("trusts the proxy's X-Forwarded-Proto first, then the URL", () => {
    expect(isHttps(new Headers({ "x-forwarded-proto": "https" }), "http://internal:3000/")).toBe(true);
    expect(isHttps(new Headers({ "x-forwarded-proto": "http" }), "https://internal:3000/")).toBe(false);
    expect(isHttps(new Headers(), "https://cards.example.com/")).toBe(true);
    expect(isHttps(new Headers(), "http://localhost:3000/")).toBe(false);
  });
});
