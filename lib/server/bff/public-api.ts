import "server-only";
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { NextResponse, type NextRequest } from "next/server";
import { BackendTimeout, backendRequest, backendUrl, BodyTooLarge, setClientAddress } from "../backend";
import { webEnv } from "../env";

/** What an integrator's request carries on to the API server: its own key, never a cookie. */
const REQUEST_HEADERS = ["authorization", "content-type", "accept", "user-agent", "idempotency-key"];
const RESPONSE_HEADERS = ["content-type", "cache-control", "retry-after", "www-authenticate", "idempotent-replayed"];

const problem = (status: number, title: string) =>
  NextResponse.json(
    { type: "about:blank", title, status },
    { status, headers: { "content-type": "application/problem+json" } },
  );

/**
 * The headers the API server gets for a public API request: the caller's own
 * `Authorization` and request headers, the client address our web server saw, and nothing of the
 * web session (no cookie, no session token): a session never opens /v1.
 */
export function publicApiRequestHeaders(incoming: Headers): Headers {
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  return setClientAddress(headers, incoming);
}

/** Forwards /api/v1/… to the API server untouched, streaming the answer back as it comes. */
export async function forwardPublicApi(request: NextRequest, segments: string[]): Promise<Response> {
  const limit = webEnv().BFF_BODY_LIMIT;
  if (Number(request.headers.get("content-length") ?? 0) > limit) return problem(413, "Content Too Large");
  const method = request.method.toUpperCase();
  let upstream: IncomingMessage;
  try {
    upstream = await backendRequest(backendUrl(`/${segments.join("/")}`, request.nextUrl.search), {
      method,
      headers: publicApiRequestHeaders(request.headers),
      body: method === "GET" || method === "HEAD" ? null : request.body,
      limit,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof BodyTooLarge) return problem(413, "Content Too Large");
    if (error instanceof BackendTimeout) return problem(504, "Gateway Timeout");
    return problem(503, "Service Unavailable");
  }
  const headers = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const status = upstream.statusCode ?? 502;
  if (method === "HEAD") {
    upstream.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(upstream) as ReadableStream<Uint8Array>, { status, headers });
}
