import { NextRequest } from "next/server";
import { authorizationFor, deviceMayCall, isCrossSite, passedOnHeaders } from "./bff";
import { calls } from "./contract/calls";
import { isHttps } from "./session";

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

describe("the Authorization header the API server gets", () => {
  it("is the session's bearer token for ordinary calls, whatever the client sent", () => {
    expect(authorizationFor(calls.userProfile, "ApplePass abc", "tok")).toBe("Bearer tok");
    expect(authorizationFor(calls.userProfile, "Bearer forged", undefined)).toBeUndefined();
  });

  it("is the client's own ApplePass header for Apple's pass calls, never the session's token", () => {
    const token = "ApplePass 0123456789abcdef0123456789abcdef";
    expect(authorizationFor(calls.appleLatestPass, token, "tok")).toBe(token);
    expect(authorizationFor(calls.appleRegisterDevice, "Bearer forged", "tok")).toBeUndefined();
    expect(authorizationFor(calls.appleUnregisterDevice, null, "tok")).toBeUndefined();
    // A call without its own scheme never passes a client's header on.
    expect(authorizationFor(calls.appleLog, token, undefined)).toBeUndefined();
  });
});

describe("a counter screen's tablet (device link)", () => {
  it("may make the counter screen's calls and claim its link, and no other call of the contract", () => {
    const allowed = Object.entries(calls)
      .filter(([, call]) => deviceMayCall(call))
      .map(([name]) => name)
      .sort();
    expect(allowed).toEqual(["counterCode", "counterDeviceClaim", "counterEvents"]);
  });
});

describe("the client's headers the API server gets", () => {
  const incoming = new Headers({
    "content-type": "application/json",
    "idempotency-key": "scan-1",
    cookie: "session=secret",
    "x-forwarded-for": "203.0.113.9",
  });

  it("passes the Idempotency-Key on to a call that honours it (the staff scan), never a cookie", () => {
    const headers = passedOnHeaders(calls.qrCodeScanner, incoming);
    expect(headers.get("idempotency-key")).toBe("scan-1");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("cookie")).toBeNull();
    expect(headers.get("x-forwarded-for")).toBeNull();
  });

  it("drops it for a call that does not honour it", () => {
    expect(passedOnHeaders(calls.login, incoming).get("idempotency-key")).toBeNull();
  });
});
