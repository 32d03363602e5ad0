import "server-only";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { Readable } from "node:stream";
import { cookies } from "next/headers";
import { NextResponse, type NextRequest } from "next/server";
import { findCall, type Call, type SessionEffect } from "./contract/calls";
import { messages } from "./contract/envelope";
import { BackendTimeout, backendRequest, backendUrl, BodyTooLarge, capped, readAll } from "./backend";
import { holdCardSecret, readCardSecrets } from "./card-cookie";
import { COUNTER_DEVICE_HEADER, counterDeviceCookieName } from "./contract/counter-device-names";
import { CARD_SECRETS_HEADER } from "./contract/wallet";
import { webEnv } from "./env";
import { LOCALE_COOKIE, localeCookieOptions, profileLocale } from "./i18n/locale-cookie";
import { getSession, isHttps, type Session } from "./session";
import { CLIENT_IP_HEADER } from "./web-server/request-guard";

const json = (status: number, message: string) => NextResponse.json({ status: false, message, data: null }, { status });
const tooLarge = () => json(413, "The request body is too large.");

/** Request headers passed on to the API server; everything else (cookies!) stays here. */
const FORWARDED_REQUEST_HEADERS = [
  "content-type",
  "accept",
  "accept-language",
  "user-agent",
  "if-none-match",
  "if-modified-since",
];
/**
 * A till's signature and topic (issue 24 §4): Shopify and Square post to the URL on the public
 * origin, so their headers must reach the receivers (/hooks/…), which verify them over the raw body.
 */
const TILL_HEADERS = [
  "x-shopify-hmac-sha256",
  "x-shopify-topic",
  "x-shopify-webhook-id",
  "x-shopify-shop-domain",
  "x-square-hmacsha256-signature",
];
const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
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

/** The origin of PUBLIC_APP_URL (parsed once: it is read on every mutation). */
let publicOriginOf: { url: string | undefined; origin: string | undefined } | undefined;
function publicOrigin(): string | undefined {
  const url = webEnv().PUBLIC_APP_URL;
  if (!publicOriginOf || publicOriginOf.url !== url) {
    publicOriginOf = { url, origin: url ? new URL(url).origin : undefined };
  }
  return publicOriginOf.origin;
}

/**
 * A mutation is allowed only from our own pages: a cross-site form or fetch (CSRF) gets 403.
 * Browsers send Origin on every cross-origin request and on same-origin POSTs.
 */
export function isCrossSite(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  if (origin) {
    const own = new Set([request.nextUrl.origin]);
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    if (host) own.add(`${isHttps(request.headers, request.url) ? "https" : "http"}://${host}`);
    const configured = publicOrigin();
    if (configured) own.add(configured);
    return !own.has(origin);
  }
  return request.headers.get("sec-fetch-site") === "cross-site";
}

/**
 * The Authorization the API server gets: the session's bearer token, or for a call that declares
 * its own scheme (a wallet app's `ApplePass <token>`) the client's header in that scheme only, and
 * never the session's token (a browser's session must not reach those calls).
 */
export function authorizationFor(call: Call, clientHeader: string | null, sessionToken: string | undefined) {
  if (call.authorization) return clientHeader?.startsWith(`${call.authorization} `) ? clientHeader : undefined;
  return sessionToken ? `Bearer ${sessionToken}` : undefined;
}

/**
 * The client's headers the API server gets for this call: the ordinary ones, a till's signature
 * for its receivers, and `Idempotency-Key` for the calls that honour it (the offline scanner's
 * retries of one scan must reach the server with the key it was made with).
 */
export function passedOnHeaders(call: Call, incoming: Headers): Headers {
  const headers = new Headers();
  const names = [
    ...FORWARDED_REQUEST_HEADERS,
    ...(call.path.startsWith("/hooks/") ? TILL_HEADERS : []),
    ...(call.idempotent ? [IDEMPOTENCY_KEY_HEADER] : []),
  ];
  for (const name of names) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

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

/**
 * The backend-for-frontend: forwards a contract call to the API server with the session's bearer
 * token. The token lives only in the sealed httpOnly cookie; the browser never sees it.
 */
export async function forward(request: NextRequest, segments: string[]): Promise<Response> {
  const path = `/${segments.join("/")}`;
  const method = request.method.toUpperCase();
  const head = method === "HEAD";
  const call = findCall(head ? "GET" : method, path);
  if (!call) return json(404, messages.notFound);
  if (call.method !== "GET" && isCrossSite(request)) {
    return json(403, "Cross-site request refused.");
  }

  const limit = webEnv().BFF_BODY_LIMIT;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > limit) return tooLarge();

  const secure = isHttps(request.headers, request.url);
  const session = await getSession(secure, request.cookies);
  // A counter screen's tablet (device link) is signed in to that screen and nothing else.
  const deviceToken = session.token ? undefined : request.cookies.get(counterDeviceCookieName(secure))?.value;
  if (deviceToken && !deviceMayCall(call)) {
    return json(403, "This device is signed in to a counter screen only.");
  }

  const headers = passedOnHeaders(call, request.headers);
  // Only our own HTTP server (lib/web-server) sets this, from the TCP peer: the browser's own
  // X-Forwarded-For is never passed on, so nobody can choose the address the API limits by.
  const clientIp = request.headers.get(CLIENT_IP_HEADER);
  if (clientIp && isIP(clientIp)) headers.set("x-forwarded-for", clientIp);
  const authorization = authorizationFor(call, request.headers.get("authorization"), session.token);
  if (authorization) headers.set("authorization", authorization);
  // A join also reads them: the join alert counts joins per device (issue 15 §4).
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
    if (length > 0) {
      // A body the browser announced the length of (within the limit, checked above) is read whole
      // and sent with it: reading it through a stream reader chunk by chunk cost more CPU than the
      // copy (bench/cpu.mts), and JSON bodies are small.
      body = new Uint8Array(await request.arrayBuffer());
      if (body.byteLength > limit) return tooLarge();
      headers.set("content-length", String(body.byteLength));
    } else {
      // Others go chunked, capped as they stream.
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
    if (error instanceof BackendTimeout) return json(504, messages.serviceUnavailable);
    // The API server is down, or the browser went away (nobody reads this answer then).
    return json(503, messages.serviceUnavailable);
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
    return json(502, messages.serviceUnavailable); // the answer was cut short
  }
  // A call whose session effect does not touch its answer answers as the API wrote it: parsing
  // and writing the envelope again cost about a fifth of the BFF's own CPU per call
  // (bench/cpu.mts). An answer that may end the session (401: the token no longer works) is read.
  if (!(call.session && ACTS_ON_ANSWER[call.session]) && status !== 401) {
    return new Response(answer as Uint8Array<ArrayBuffer>, { status, headers: responseHeaders });
  }
  let payload: Record<string, unknown> | null;
  try {
    payload = JSON.parse(answer.toString("utf8")) as Record<string, unknown> | null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== "object") return json(502, messages.serviceUnavailable);
  const result = await applySession(call, payload, session, secure);
  return NextResponse.json(result, { status, headers: responseHeaders });
}

/**
 * Whether a session effect acts on the call's answer (applySession) or only shapes the request;
 * a record, so that a new effect must be decided here.
 */
const ACTS_ON_ANSWER: Record<SessionEffect, boolean> = {
  signIn: true,
  signOut: true,
  holdResetToken: true,
  spendResetToken: true,
  readProfile: true,
  holdCardSecret: true,
  holdCounterDevice: true,
  useCardSecrets: false,
};

/**
 * An owner's profile language becomes the `NEXT_LOCALE` cookie, so pages rendered per request
 * speak it (i18n/request.ts); a profile without one leaves the visitor's own choice alone.
 */
async function followProfileLocale(data: unknown, secure: boolean) {
  const locale = profileLocale(data);
  if (locale) (await cookies()).set(LOCALE_COOKIE, locale, localeCookieOptions(secure));
}

/** Acts on the call's `session` effect (lib/contract/calls.ts): secrets move from answers into the session. */
async function applySession(call: Call, payload: Record<string, unknown>, session: Session, secure: boolean) {
  const data = payload.data as Record<string, unknown> | null | undefined;
  if (payload.message === messages.unauthenticated) {
    await session.destroy();
    return payload;
  }
  const ok = payload.status === true;
  switch (call.session) {
    case "signIn": {
      if (!ok || typeof payload.auth_token !== "string") return payload;
      const { auth_token, ...rest } = payload;
      session.token = auth_token;
      session.statusPayment = data?.status_payment === "1" ? "1" : "0";
      session.role = data?.role === "staff" ? "staff" : "owner";
      delete session.resetToken;
      await session.save();
      await followProfileLocale(data, secure);
      return rest;
    }
    case "holdResetToken": {
      if (!ok || !data || typeof data.reset_token !== "string") return payload;
      const { reset_token, ...dataRest } = data;
      session.resetToken = reset_token;
      await session.save();
      return { ...payload, data: dataRest };
    }
    case "spendResetToken":
      if (ok) {
        delete session.resetToken;
        await session.save();
      }
      return payload;
    case "signOut":
      // Only a revoked token ends the session: a refused logout leaves it working and signed in.
      if (ok) await session.destroy();
      return payload;
    case "readProfile": {
      const paid = data?.status_payment === "1" ? "1" : "0";
      if (ok && data && session.token && session.statusPayment !== paid) {
        session.statusPayment = paid;
        await session.save();
      }
      if (ok && session.token) await followProfileLocale(data, secure);
      return payload;
    }
    case "holdCounterDevice": {
      if (!ok || !data || typeof data.device_token !== "string") return payload;
      const { device_token, ...dataRest } = data;
      (await cookies()).set(counterDeviceCookieName(secure), device_token, {
        httpOnly: true,
        sameSite: "strict",
        secure,
        path: "/",
        // As long as browsers keep a cookie: the tablet stays signed in through reloads and restarts.
        maxAge: 400 * 24 * 60 * 60,
      });
      return { ...payload, data: dataRest };
    }
    case "holdCardSecret": {
      if (!ok || !data || typeof data.card_secret !== "string") return payload;
      const { card_secret, ...dataRest } = data;
      await holdCardSecret(card_secret, secure);
      return { ...payload, data: dataRest };
    }
    default:
      return payload;
  }
}
