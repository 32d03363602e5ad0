import http from "node:http";
import type { AddressInfo } from "node:net";
import { BackendTimeout, backendJson, backendRequest, ClientGone, readAll, setClientAddress } from "./backend";
import { CLIENT_IP_HEADER } from "../../web-server/request-guard";

// The web server's one client of the API server, against a local server that answers, answers
// part of its body, or never answers: it gives up after its timeout and when the browser goes
// away, and the API server sees the call dropped either way.

let server: http.Server;
let url: string;
/** Resolves once the slow server saw its request closed before it answered. */
let closedEarly: Promise<void>;
/** Resolves once the slow server has the request. */
let received: Promise<void>;
let sawClose: () => void;
let sawRequest: () => void;
/** The headers of the last request the server got. */
let lastHeaders: http.IncomingHttpHeaders;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    lastHeaders = request.headers;
    if (request.url === "/fast") {
      response.setHeader("content-type", "application/json");
      response.end('{"status":true}');
      return;
    }
    if (request.url === "/refused") {
      response.writeHead(422, { "content-type": "application/json" });
      response.end(JSON.stringify({ status: false, message: "The name is required.", errors: { name: ["required"] } }));
      return;
    }
    response.once("close", () => {
      if (!response.writableEnded) sawClose();
    });
    sawRequest();
    // Starts its answer and never finishes it.
    if (request.url === "/half") response.writeHead(200, { "content-type": "application/json" }).write('{"sta');
    // Otherwise never answers by itself: only the client can end this call.
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // backendJson reads the API server's URL from the web server's environment (read once).
  process.env.BACKEND_API_URL = url;
});

beforeEach(() => {
  closedEarly = new Promise((resolve) => (sawClose = resolve));
  received = new Promise((resolve) => (sawRequest = resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  backendRequest(`${url}${path}`, { method: "GET", headers: new Headers(), ...options });

describe("a streamed call (backendRequest, the BFF's)", () => {
  it("answers as the API server does when it answers in time", async () => {
    const response = await get("/fast", { timeoutMs: 5_000 });
    expect(response.statusCode).toBe(200);
    expect((await readAll(response)).toString()).toBe('{"status":true}');
  });

  it("gives up on an API server that does not answer (BackendTimeout)", async () => {
    const call = get("/slow", { timeoutMs: 200 });
    await expect(call).rejects.toBeInstanceOf(BackendTimeout);
    await closedEarly;
  });

  it("drops the call when the browser goes away (its request's signal)", async () => {
    const browser = new AbortController();
    const call = get("/slow", { signal: browser.signal });
    await received;
    browser.abort();
    await expect(call).rejects.toBeInstanceOf(ClientGone);
    await closedEarly;
    // A browser already gone sends nothing.
    await expect(get("/fast", { signal: browser.signal })).rejects.toBeInstanceOf(ClientGone);
  });
});

describe("a JSON call (backendJson, the card page's and the public pages')", () => {
  it("gives 503 and no envelope when the API server does not answer within the call's timeout", async () => {
    await expect(backendJson("/slow", { timeoutMs: 200 })).resolves.toEqual({ status: 503, envelope: null });
    // The call was dropped, not left open on the API server.
    await closedEarly;
  });

  it("counts the answer's body in the timeout: a body that never ends gives 503 too", async () => {
    await expect(backendJson("/half", { timeoutMs: 200 })).resolves.toEqual({ status: 503, envelope: null });
    await closedEarly;
  });

  it("passes an error envelope on as the API server wrote it, with its status", async () => {
    await expect(backendJson("/refused", { method: "POST", body: { name: "" } })).resolves.toEqual({
      status: 422,
      envelope: { status: false, message: "The name is required.", errors: { name: ["required"] } },
    });
    expect(lastHeaders["content-type"]).toBe("application/json");
    expect(lastHeaders.accept).toBe("application/json");
  });

  it("sends the client's address the web server saw, never the browser's own X-Forwarded-For", async () => {
    const incoming = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.9", "x-forwarded-for": "6.6.6.6" });
    await backendJson("/fast", { headers: setClientAddress(new Headers(), incoming) });
    expect(lastHeaders["x-forwarded-for"]).toBe("203.0.113.9");
  });
});

describe("the client's address (setClientAddress)", () => {
  it("is passed on only when our own server set it to an IP address", () => {
    const sent = (incoming: Record<string, string>) =>
      setClientAddress(new Headers(), new Headers(incoming)).get("x-forwarded-for");
    expect(sent({ [CLIENT_IP_HEADER]: "2001:db8::1" })).toBe("2001:db8::1");
    expect(sent({ [CLIENT_IP_HEADER]: "not-an-ip" })).toBeNull();
    expect(sent({ "x-forwarded-for": "6.6.6.6" })).toBeNull();
  });
});
