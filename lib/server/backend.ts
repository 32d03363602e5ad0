import "server-only";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { Envelope } from "../../contract/envelope";
import { webEnv } from "./env";
import { CLIENT_IP_HEADER } from "../../web-server/request-guard";

/*
 * The web server's one client of the API server: the BFF (lib/server/bff/), the card page
 * (lib/server/wallet.ts) and the public pages (lib/server/site-data.ts) all call it through here, each
 * call with a timeout and the client's address.
 */

/** The API server's URL for a contract path (`/user-profile`) and query string. */
export function backendUrl(path: string, search = ""): string {
  return `${webEnv().BACKEND_API_URL}${path}${search}`;
}

/** Kept-alive connections to the API server: a proxied call never waits for a new TCP handshake. */
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

/**
 * Passes on the client's address: only our own HTTP server (web-server) sets CLIENT_IP_HEADER,
 * from the TCP peer, and the browser's own X-Forwarded-For is never passed on, so nobody can
 * choose the address the API server limits by (it trusts X-Forwarded-For from the web server).
 */
export function setClientAddress(sent: Headers, incoming: Pick<Headers, "get">): Headers {
  const clientIp = incoming.get(CLIENT_IP_HEADER);
  if (clientIp && isIP(clientIp)) sent.set("x-forwarded-for", clientIp);
  return sent;
}

/** The request body went over the limit it was sent with (see `backendRequest`). */
export class BodyTooLarge extends Error {}

/**
 * How long the BFF waits for the API server to start answering. Its statements are cut at 15 s
 * (server/src/db/client.ts), so a healthy API answers well within this; a hung one must not hold
 * the browser and a connection forever.
 */
export const BACKEND_TIMEOUT_MS = 30_000;

/** The API server did not start answering within the timeout (the BFF answers 504). */
export class BackendTimeout extends Error {}
/** The browser went away (its request's signal aborted): the call to the API server is dropped. */
export class ClientGone extends Error {}

type BackendRequest = {
  method: string;
  headers: Headers;
  /** Sent as it is, or streamed and stopped (BodyTooLarge) once more than `limit` bytes went through. */
  body?: string | Uint8Array | ReadableStream<Uint8Array> | null;
  limit?: number;
  /** Until the answer's headers arrive (the body of a long export may take longer). */
  timeoutMs?: number;
  /** The browser's request: when it aborts, so does the call, answer included. */
  signal?: AbortSignal;
};

/**
 * One call to the API server over Node's own HTTP client. The BFF's hot path: Next.js's patched
 * `fetch` costs about 1 ms of CPU a call more than this (bench/loyalty.mts reports the CPU per
 * request). The answer's body is left to the caller to read.
 */
export function backendRequest(
  url: string,
  { method, headers, body, limit = Infinity, timeoutMs = BACKEND_TIMEOUT_MS, signal }: BackendRequest,
) {
  const target = new URL(url);
  return new Promise<IncomingMessage>((resolve, reject) => {
    if (signal?.aborted) return reject(new ClientGone());
    const request = (target.protocol === "https:" ? https : http).request(target, {
      method,
      headers: Object.fromEntries(headers),
      agent: agents[target.protocol as keyof typeof agents],
    });
    // destroy(error) emits 'error' with it: the promise rejects, the socket is not reused.
    const timer = setTimeout(() => request.destroy(new BackendTimeout()), timeoutMs);
    const abort = () => request.destroy(new ClientGone());
    signal?.addEventListener("abort", abort, { once: true });
    request.once("response", (response) => {
      clearTimeout(timer);
      response.once("close", () => signal?.removeEventListener("abort", abort));
      resolve(response);
    });
    request.once("error", (error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
      reject(error);
    });
    if (!body) request.end();
    else if (typeof body === "string" || body instanceof Uint8Array) request.end(body);
    else
      sendCapped(request, body, limit).catch((error: unknown) => {
        request.destroy();
        reject(error);
      });
  });
}

/** A body's chunks as they come, refusing it (BodyTooLarge) once it grows past `limit` bytes. */
export async function* capped(body: ReadableStream<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let seen = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.byteLength;
    if (seen > limit) {
      await reader.cancel();
      throw new BodyTooLarge();
    }
    yield value;
  }
}

/** Streams a body to the API server, capped at `limit` bytes. */
async function sendCapped(request: http.ClientRequest, body: ReadableStream<Uint8Array>, limit: number) {
  for await (const chunk of capped(body, limit)) {
    if (!request.write(chunk)) await new Promise((resolve) => request.once("drain", resolve));
  }
  request.end();
}

/**
 * Reads a whole answer (JSON envelopes are small), by its events: an async iterator over the
 * message costs a promise or more per chunk, on the BFF's hot path.
 */
export function readAll(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on("data", (chunk: Buffer) => chunks.push(chunk));
    message.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    message.once("error", reject);
    // Cut before its end (the API server went away): no 'end' comes, only 'close'.
    message.once("close", () => {
      if (!message.complete) reject(new Error("the API server's answer was cut short"));
    });
  });
}

/** A JSON call's answer: its status and envelope, or 503 and none when the API could not be read. */
export type Answer<T> = { status: number; envelope: Envelope<T> } | { status: 503; envelope: null };

/**
 * A call whose answer is a JSON envelope, read whole (the card page's and the public pages' calls;
 * the BFF streams instead). Never throws: an API server that is down, too slow (`timeoutMs`) or
 * answers something that is not JSON gives 503 and no envelope.
 */
export async function backendJson<T>(
  path: string,
  {
    method = "GET",
    search = "",
    headers = new Headers(),
    body,
    timeoutMs = BACKEND_TIMEOUT_MS,
  }: { method?: string; search?: string; headers?: Headers; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  headers.set("accept", "application/json");
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (text !== undefined) {
    headers.set("content-type", "application/json");
    headers.set("content-length", String(Buffer.byteLength(text)));
  }
  try {
    // The whole call, answer included, within the timeout (the request's own covers the headers).
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await backendRequest(backendUrl(path, search), { method, headers, body: text, timeoutMs, signal });
    const envelope = JSON.parse((await readAll(response)).toString("utf8")) as Envelope<T>;
    return { status: response.statusCode ?? 502, envelope };
  } catch {
    return { status: 503, envelope: null };
  }
}
