import "server-only";
import type { NextRequest } from "next/server";
import { webEnv } from "../env";
import { isHttps } from "../session";

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
