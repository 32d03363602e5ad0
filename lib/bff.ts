import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { findCall } from "./contract/calls";
import { messages } from "./contract/envelope";
import { backendUrl } from "./backend";
import { webEnv } from "./env";
import { getSession, isHttps } from "./session";

const json = (status: number, message: string) => NextResponse.json({ status: false, message, data: null }, { status });

/** Request headers passed on to the API server; everything else (cookies!) stays here. */
const FORWARDED_REQUEST_HEADERS = ["content-type", "accept", "accept-language", "user-agent", "if-none-match"];
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "cache-control",
  "etag",
  "retry-after",
  "content-disposition",
  "last-modified",
];

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
    const configured = webEnv().PUBLIC_APP_URL;
    if (configured) own.add(new URL(configured).origin);
    return !own.has(origin);
  }
  return request.headers.get("sec-fetch-site") === "cross-site";
}

/** Caps a streamed body: the stream errors once more than `limit` bytes went through. */
function capped(body: ReadableStream<Uint8Array>, limit: number) {
  const state = { exceeded: false };
  let seen = 0;
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          state.exceeded = true;
          controller.error(new Error("body too large"));
        } else controller.enqueue(chunk);
      },
    }),
  );
  return { stream, state };
}

/**
 * The backend-for-frontend: forwards a contract call to the API server with the session's bearer
 * token. The token lives only in the sealed httpOnly cookie; the browser never sees it.
 */
export async function forward(request: NextRequest, segments: string[]): Promise<Response> {
  const path = `/${segments.join("/")}`;
  const method = request.method.toUpperCase();
  const call = findCall(method === "HEAD" ? "GET" : method, path);
  if (!call) return json(404, messages.notFound);
  if (method !== "GET" && method !== "HEAD" && isCrossSite(request)) {
    return json(403, "Cross-site request refused.");
  }

  const limit = webEnv().BFF_BODY_LIMIT;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > limit) return json(413, "The request body is too large.");

  const secure = isHttps(request.headers, request.url);
  const session = await getSession(secure);

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const forwardedFor = request.headers.get("x-forwarded-for");
  if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);
  if (session.token) headers.set("authorization", `Bearer ${session.token}`);

  let body: BodyInit | undefined;
  let cap: ReturnType<typeof capped>["state"] | undefined;
  if (path === "/reset-password") {
    // The reset token was kept in the session by otp-verify; the browser never had it.
    const fields = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    body = JSON.stringify({ ...(fields ?? {}), reset_token: session.resetToken ?? "" });
    headers.set("content-type", "application/json");
  } else if (request.body && method !== "GET" && method !== "HEAD") {
    const streamed = capped(request.body, limit);
    body = streamed.stream;
    cap = streamed.state;
  }

  let upstream: Response;
  try {
    upstream = await fetch(backendUrl(path, request.nextUrl.search), {
      method,
      headers,
      body,
      cache: "no-store",
      redirect: "manual",
      // Required by Node's fetch to send a streamed body.
      ...(body instanceof ReadableStream && { duplex: "half" }),
    } as RequestInit);
  } catch {
    if (cap?.exceeded) return json(413, "The request body is too large.");
    return json(503, messages.serviceUnavailable);
  }

  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  if (!upstream.headers.get("content-type")?.includes("application/json")) {
    return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
  }

  const payload = (await upstream.json().catch(() => null)) as Record<string, unknown> | null;
  if (!payload) return json(502, messages.serviceUnavailable);
  const result = await applySession(path, upstream.status, payload, session);
  responseHeaders.delete("content-length");
  return NextResponse.json(result, { status: upstream.status, headers: responseHeaders });
}

type Session = Awaited<ReturnType<typeof getSession>>;

/** Moves secrets from API answers into the session and ends the session when the API says so. */
async function applySession(path: string, status: number, payload: Record<string, unknown>, session: Session) {
  const data = payload.data as Record<string, unknown> | null | undefined;
  if (payload.message === messages.unauthenticated) {
    session.destroy();
    return payload;
  }
  if (path === "/login" && payload.status === true && typeof payload.auth_token === "string") {
    const { auth_token, ...rest } = payload;
    session.token = auth_token;
    session.statusPayment = data?.status_payment === "1" ? "1" : "0";
    delete session.resetToken;
    await session.save();
    return rest;
  }
  if (path === "/otp-verify" && payload.status === true && data && typeof data.reset_token === "string") {
    const { reset_token, ...dataRest } = data;
    session.resetToken = reset_token;
    await session.save();
    return { ...payload, data: dataRest };
  }
  if (path === "/reset-password" && payload.status === true) {
    delete session.resetToken;
    await session.save();
  }
  if ((path === "/logout" && status < 500) || (path === "/user-soft-delete" && payload.status === true)) {
    session.destroy();
  }
  if (path === "/user-profile" && payload.status === true && data && session.token) {
    const paid = data.status_payment === "1" ? "1" : "0";
    if (session.statusPayment !== paid) {
      session.statusPayment = paid;
      await session.save();
    }
  }
  return payload;
}
