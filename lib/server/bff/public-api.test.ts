import { CLIENT_IP_HEADER } from "../../../web-server/request-guard";
import { publicApiRequestHeaders } from "./public-api";

// The web server forwards /api/v1/… with the caller's own Authorization and nothing
// of the web session (a session never opens the public API).
describe("what the API server gets for /api/v1", () => {
  it("passes the caller's key, body type and Idempotency-Key, never a cookie", () => {
    const headers = publicApiRequestHeaders(
      new Headers({
        authorization: "Bearer lc_live_abc",
        "content-type": "application/json",
        "idempotency-key": "order-1",
        cookie: "session=sealed; card=secret",
        "x-forwarded-for": "6.6.6.6",
        [CLIENT_IP_HEADER]: "203.0.113.9",
      }),
    );
    expect(Object.fromEntries(headers)).toEqual({
      authorization: "Bearer lc_live_abc",
      "content-type": "application/json",
      "idempotency-key": "order-1",
      // The address our own web server saw, never the caller's own X-Forwarded-For.
      "x-forwarded-for": "203.0.113.9",
    });
  });

  it("adds no Authorization of its own when the caller sent none", () => {
    expect(publicApiRequestHeaders(new Headers({ cookie: "session=sealed" })).has("authorization")).toBe(false);
  });
});
