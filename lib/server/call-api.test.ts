import { calls } from "../../contract/calls";
import { counterCalls } from "../../contract/client-calls";
import { CARD_SECRETS_HEADER } from "../../contract/wallet-device";
import { CLIENT_IP_HEADER } from "../../web-server/request-guard";
import { backendJson } from "./backend";
import { readCardSecrets } from "./card-cookie";
import { callApi } from "./call-api";

// The server transport of callApi, with the API server (backend.ts's backendJson) and the card
// cookie mocked: what it asks for, with which headers, and what it hands back.
jest.mock("./backend", () => ({ ...jest.requireActual("./backend"), backendJson: jest.fn() }));
jest.mock("./card-cookie", () => ({ readCardSecrets: jest.fn() }));
const backend = jest.mocked(backendJson);
const secrets = jest.mocked(readCardSecrets);

type Sent = { method?: string; search?: string; headers?: Headers; body?: unknown; timeoutMs?: number };
const sent = () => {
  const [path, options] = backend.mock.calls.at(-1)!;
  return { path, ...(options as Sent) };
};

beforeEach(() => {
  backend.mockReset();
  secrets.mockReset();
  backend.mockResolvedValue({ status: 200, envelope: { status: true, message: "OK", data: { id: 1 } } });
  secrets.mockResolvedValue(["s1", "s2"]);
});

describe("callApi on the web server", () => {
  it("asks the API server for the call's path and query, and hands back its status and envelope", async () => {
    const answer = await callApi(calls.qrDetail, { query: { qr_token: "abc", code: undefined } });
    expect(answer).toEqual({ status: 200, envelope: { status: true, message: "OK", data: { id: 1 } } });
    expect(sent()).toMatchObject({ path: "/qr-detail", method: "GET", search: "?qr_token=abc", body: undefined });
  });

  it("fills path parameters and sends a body", async () => {
    await callApi(calls.paymentReceipt, { params: { id: 9 } });
    expect(sent()).toMatchObject({ path: "/payment-receipt/9", method: "GET", search: "" });
    await callApi(calls.qrCodeScanner, { body: { code: "tok", counter_code: "123" } });
    expect(sent()).toMatchObject({
      path: "/qr-code-scanner",
      method: "POST",
      body: { code: "tok", counter_code: "123" },
    });
  });

  it("passes the device's card secrets only to the calls whose contract uses them", async () => {
    await callApi(calls.walletCard, { query: { serial: "LC-AAAA-BBBB-CCCC" } });
    expect(sent().headers!.get(CARD_SECRETS_HEADER)).toBe("s1,s2");
    await callApi(calls.qrDetail, { query: { qr_token: "abc" } });
    expect(sent().headers!.has(CARD_SECRETS_HEADER)).toBe(false);
    secrets.mockResolvedValue([]);
    await callApi(calls.walletCard, { query: { serial: "LC-AAAA-BBBB-CCCC" } });
    expect(sent().headers!.has(CARD_SECRETS_HEADER)).toBe(false);
  });

  it("passes the visitor's address (from the web server's own header only), language and session token", async () => {
    const request = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "6.6.6.6" });
    await callApi(calls.userProfile, {}, { request, locale: "fr", token: "t0k", timeoutMs: 5000 });
    const { headers, timeoutMs } = sent();
    expect(headers!.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(headers!.get("accept-language")).toBe("fr");
    expect(headers!.get("authorization")).toBe("Bearer t0k");
    expect(timeoutMs).toBe(5000);
  });

  it("sends nothing of the visitor it was not given (a cached page renders for everyone)", async () => {
    await callApi(calls.homePageList, { query: { slug: "test" } });
    const { headers } = sent();
    expect([...headers!.keys()]).toEqual([]);
  });

  it("never sends the session's token to a call made in a wallet app's own scheme", async () => {
    await callApi(
      calls.appleLatestPass,
      { params: { pass_type_id: "pass.x", serial_number: "LC-1" } },
      { token: "t0k" },
    );
    expect(sent().headers!.has("authorization")).toBe(false);
  });

  it("passes extra headers (an Idempotency-Key) and takes the light pages' calls", async () => {
    await callApi(counterCalls.counterCode, { query: { qr_id: 4 }, headers: { "idempotency-key": "k" } });
    expect(sent()).toMatchObject({ path: "/counter-code", search: "?qr_id=4" });
    expect(sent().headers!.get("idempotency-key")).toBe("k");
  });

  it("hands back backend.ts's 503 without an envelope when the API cannot be read", async () => {
    backend.mockResolvedValue({ status: 503, envelope: null });
    await expect(callApi(calls.reviewList, {})).resolves.toEqual({ status: 503, envelope: null });
  });
});
