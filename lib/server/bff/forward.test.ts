import { NextRequest } from "next/server";
import { calls } from "../../../contract/calls";
import { bodyLimitOf, deviceMayCall, forward } from "./forward";
import { authorizationFor, passedOnHeaders } from "./request-headers";

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

  it("passes Twilio's signature on to its webhooks (they post to the public origin), and to no other call", () => {
    const signed = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "c2ln" });
    expect(passedOnHeaders(calls.twilioInbound, signed).get("x-twilio-signature")).toBe("c2ln");
    expect(passedOnHeaders(calls.twilioStatus, signed).get("x-twilio-signature")).toBe("c2ln");
    expect(passedOnHeaders(calls.login, signed).get("x-twilio-signature")).toBeNull();
  });
});

describe("the language the API answers in", () => {
  const headers = (cookie?: string) =>
    new Headers({ "accept-language": "en-GB,en;q=0.9", ...(cookie ? { cookie } : {}) });

  it("is the page's (the NEXT_LOCALE cookie), not the browser's", () => {
    const passed = passedOnHeaders(calls.register, headers("session=abc; NEXT_LOCALE=es; other=1"));
    expect(passed.get("accept-language")).toBe("es");
    expect(passed.get("cookie")).toBeNull();
  });

  it("stays the browser's without a cookie or with a language we do not have (the pseudo-locale)", () => {
    expect(passedOnHeaders(calls.register, headers()).get("accept-language")).toBe("en-GB,en;q=0.9");
    expect(passedOnHeaders(calls.register, headers("NEXT_LOCALE=en-XA")).get("accept-language")).toBe("en-GB,en;q=0.9");
  });
});

describe("the BFF's own refusals", () => {
  const crossSite = (headers: Record<string, string>) =>
    forward(
      new NextRequest("http://localhost:3000/api/login", {
        method: "POST",
        headers: { origin: "https://evil.example", host: "localhost:3000", ...headers },
      }),
      ["login"],
    );

  it("are in the page's language: the cookie's, else the browser's", async () => {
    const res = await crossSite({ cookie: "NEXT_LOCALE=es", "accept-language": "de" });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("Solicitud entre sitios rechazada.");
    expect((await (await crossSite({ "accept-language": "ar" })).json()).message).toBe("تم رفض الطلب عبر المواقع.");
    expect((await (await crossSite({})).json()).message).toBe("Cross-site request refused.");
  });

  it("answer an unknown call's 404 in that language too", async () => {
    const res = await forward(
      new NextRequest("http://localhost:3000/api/nothing-here", { headers: { cookie: "NEXT_LOCALE=fr" } }),
      ["nothing-here"],
    );
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("Introuvable.");
  });
});

describe("the largest body the BFF passes on", () => {
  it("is the BFF's cap for ordinary calls, and an upload's own size (with its form) for an upload", () => {
    const cap = 5 * 1024 * 1024;
    expect(bodyLimitOf(calls.addBusiness, cap)).toBe(cap);
    expect(bodyLimitOf(calls.customerImportPreview, cap)).toBeGreaterThan(20 * 1024 * 1024);
    expect(bodyLimitOf(calls.customerImportPreview, cap)).toBeLessThan(21 * 1024 * 1024);
  });
});
