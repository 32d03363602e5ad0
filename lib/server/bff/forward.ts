import "server-only";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { NextResponse, type NextRequest } from "next/server";
import {
  BackendTimeout,
  backendRequest,
  backendUrl,
  BodyTooLarge,
  capped,
  readAll,
  setClientAddress,
} from "../backend";
import { readCardSecrets } from "../card-cookie";
import { findCall, type Call } from "../../../contract/calls";
import { refusalCode } from "../../../contract/refusals";
import { COUNTER_DEVICE_HEADER, counterDeviceCookieName } from "../../../contract/counter-device-names";
import { CARD_SECRETS_HEADER } from "../../../contract/wallet";
import { webEnv } from "../env";
import { getSession, isHttps } from "../session";
import { isCrossSite } from "./cross-site";
import { failureText, type Failure } from "../../i18n/failures";
import { authorizationFor, pageLocaleOf, passedOnHeaders } from "./request-headers";
import { actsOnAnswer, applySession } from "./session-effects";

const json = (status: number, message: string) =>
  NextResponse.json({ status: false, code: refusalCode(status, undefined), message, data: null }, { status });

const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "retry-after",
  "content-disposition",
  "last-modified",
  // A retried scan's answer says it is the first one's (server/src/http/idempotency.ts).
  "idempotent-replayed",
];

/** Reads a whole body as text, refusing it (BodyTooLarge) past `limit` bytes. */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return "";
  const chunks: Uint8Array[] = [];
  for await (const chunk of capped(body, limit)) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** The body with one field added, when it is a JSON object; otherwise as it came (the API answers 422). */
function withField(text: string, field: string, value: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return text;
    return JSON.stringify({ ...parsed, [field]: value });
  } catch {
    return text;
  }
}

/** The calls a counter screen's tablet (device cookie, no session) may make; it gets 403 on any other. */
export const deviceMayCall = (call: Call) => call.counterDevice === true || call.session === "holdCounterDevice";

/** Room in an upload's body for the form around the file (its boundaries and other fields). */
const UPLOAD_FORM_ROOM = 64 * 1024;

/** The largest body the BFF passes on for a call: an upload's own size (contract), else the BFF's cap. */
export const bodyLimitOf = (call: Call, bffLimit: number) =>
  call.upload ? Math.max(bffLimit, call.upload.maxBytes + UPLOAD_FORM_ROOM) : bffLimit;

/**
 * The backend-for-frontend: forwards a contract call to the API server with the session's bearer
 * token. The token lives only in the sealed httpOnly cookie; the browser never sees it.
 */
export async function forward(request: NextRequest, segments: string[]): Promise<Response> {
  // The BFF's own refusals, in the page's language like the API's answers.
  const fail = (status: number, failure: Failure) => json(status, failureText(pageLocaleOf(request.headers), failure));
  const tooLarge = () => fail(413, "tooLarge");
  const path = `/${segments.join("/")}`;
  const method = request.method.toUpperCase();
  const head = method === "HEAD";
  const call = findCall(head ? "GET" : method, path);
  if (!call) return fail(404, "notFound");
  if (call.method !== "GET" && isCrossSite(request)) {
    return fail(403, "crossSite");
  }

  const limit = bodyLimitOf(call, webEnv().BFF_BODY_LIMIT);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > limit) return tooLarge();

  const secure = isHttps(request.headers, request.url);
  const session = await getSession(secure, request.cookies);
  // A counter screen's tablet (device link) is signed in to that screen and nothing else.
  const deviceToken = session.token ? undefined : request.cookies.get(counterDeviceCookieName(secure))?.value;
  if (deviceToken && !deviceMayCall(call)) {
    return fail(403, "counterDeviceOnly");
  }

  const headers = passedOnHeaders(call, request.headers);
  setClientAddress(headers, request.headers);
  const authorization = authorizationFor(call, request.headers.get("authorization"), session.token);
  if (authorization) headers.set("authorization", authorization);
  // A join also reads them: the join alert counts joins per device.
  if (deviceToken && call.counterDevice) headers.set(COUNTER_DEVICE_HEADER, deviceToken);
  if (call.session === "useCardSecrets" || call.session === "holdCardSecret") {
    const secrets = await readCardSecrets(request.cookies);
    if (secrets.length > 0) headers.set(CARD_SECRETS_HEADER, secrets.join(","));
  }

  let body: string | Uint8Array | ReadableStream<Uint8Array> | null = null;
  if (call.method !== "GET" && call.session === "spendResetToken") {
    // The reset token was kept in the session by otp-verify; the browser never had it.
    try {
      body = withField(await readCapped(request.body, limit), "reset_token", session.resetToken ?? "");
    } catch (error) {
      if (error instanceof BodyTooLarge) return tooLarge();
      throw error;
    }
    headers.set("content-type", "application/json");
    headers.set("content-length", String(Buffer.byteLength(body)));
  } else if (request.body && call.method !== "GET") {
    if (length > 0 && !call.upload) {
      // A body the browser announced the length of (within the limit, checked above) is read whole
      // and sent with it: reading it through a stream reader chunk by chunk cost more CPU than the
      // copy (bench/cpu.mts), and JSON bodies are small.
      body = new Uint8Array(await request.arrayBuffer());
      if (body.byteLength > limit) return tooLarge();
      headers.set("content-length", String(body.byteLength));
    } else {
      // Others go chunked, capped as they stream (an upload always: it is never held whole).
      body = request.body;
    }
  }

  let upstream: IncomingMessage;
  try {
    // HEAD goes on as HEAD (the API answers it for every GET call), so there is no body to drop.
    upstream = await backendRequest(backendUrl(path, request.nextUrl.search), {
      method: head ? "HEAD" : call.method,
      headers,
      body,
      limit,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge();
    if (error instanceof BackendTimeout) return fail(504, "unavailable");
    // The API server is down, or the browser went away (nobody reads this answer then). The
    // first is an operator's business: said on stderr with the socket's reason, never the body.
    if (!request.signal.aborted)
      console.warn(`[bff] ${call.method} ${call.path}: the API could not be reached (${reasonOf(error)})`);
    return fail(503, "unavailable");
  }

  const status = upstream.statusCode ?? 502;
  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers[name];
    if (typeof value === "string") responseHeaders.set(name, value);
  }
  if (head) {
    upstream.resume();
    return new Response(null, { status, headers: responseHeaders });
  }
  if (!upstream.headers["content-type"]?.includes("application/json")) {
    // Files (a CSV export, a wallet pass) stream through as they come.
    return new Response(Readable.toWeb(upstream) as ReadableStream<Uint8Array>, { status, headers: responseHeaders });
  }

  let answer: Buffer;
  try {
    answer = await readAll(upstream);
  } catch {
    return fail(502, "unavailable"); // the answer was cut short
  }
  // A call whose session effect does not touch its answer answers as the API wrote it: parsing
  // and writing the envelope again cost about a fifth of the BFF's own CPU per call
  // (bench/cpu.mts). An answer that may end the session (401: the token no longer works) is read.
  if (!actsOnAnswer(call) && status !== 401) {
    return new Response(answer as Uint8Array<ArrayBuffer>, { status, headers: responseHeaders });
  }
  let payload: Record<string, unknown> | null;
  try {
    payload = JSON.parse(answer.toString("utf8")) as Record<string, unknown> | null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== "object") return fail(502, "unavailable");
  const result = await applySession(call, payload, session, secure);
  return NextResponse.json(result, { status, headers: responseHeaders });
}

/** A network failure's code and message (ECONNRESET, ECONNREFUSED…), for the log. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${error.message}` : `${error.name}: ${error.message}`;
}
