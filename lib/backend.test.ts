import http from "node:http";
import type { AddressInfo } from "node:net";
import { BackendTimeout, backendRequest, ClientGone, readAll } from "./backend";

// The BFF's call to the API server against a slow local server: it gives up after its timeout and
// when the browser goes away, and the API server sees the call dropped either way.

let server: http.Server;
let url: string;
/** Resolves once the slow server saw its request closed before it answered. */
let closedEarly: Promise<void>;
/** Resolves once the slow server has the request. */
let received: Promise<void>;

beforeEach(async () => {
  let sawClose!: () => void;
  let sawRequest!: () => void;
  closedEarly = new Promise((resolve) => (sawClose = resolve));
  received = new Promise((resolve) => (sawRequest = resolve));
  server = http.createServer((request, response) => {
    if (request.url === "/fast") {
      response.setHeader("content-type", "application/json");
      response.end('{"status":true}');
      return;
    }
    // Never answers by itself: only the client can end this call.
    sawRequest();
    response.once("close", () => {
      if (!response.writableEnded) sawClose();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  backendRequest(`${url}${path}`, { method: "GET", headers: new Headers(), ...options });

it("answers as the API server does when it answers in time", async () => {
  const response = await get("/fast", { timeoutMs: 5_000 });
  expect(response.statusCode).toBe(200);
  expect((await readAll(response)).toString()).toBe('{"status":true}');
});

it("gives up on an API server that does not answer (BackendTimeout)", async () => {
  const call = get("/slow", { timeoutMs: 200 });
  await expect(call).rejects.toBeInstanceOf(BackendTimeout);
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
