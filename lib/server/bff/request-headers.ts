import "server-only";
import type { Call } from "../../../contract/calls";
import { isLocale, localeFromAcceptLanguage, type Locale } from "../../../contract/locales";
import { LOCALE_COOKIE } from "../../i18n/locale-cookie";

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
 * A provider's signature and topic: Shopify, Square and Twilio post to the URL on the public
 * origin, so their headers must reach the receivers (/hooks/…), which verify them.
 */
const HOOK_HEADERS = [
  "x-shopify-hmac-sha256",
  "x-shopify-topic",
  "x-shopify-webhook-id",
  "x-shopify-shop-domain",
  "x-square-hmacsha256-signature",
  "x-twilio-signature",
];
const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
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
 * The client's headers the API server gets for this call: the ordinary ones, a provider's
 * signature for its receivers, and `Idempotency-Key` for the calls that honour it (the offline scanner's
 * retries of one scan must reach the server with the key it was made with).
 */
export function passedOnHeaders(call: Call, incoming: Headers): Headers {
  const headers = new Headers();
  const names = [
    ...FORWARDED_REQUEST_HEADERS,
    ...(call.path.startsWith("/hooks/") ? HOOK_HEADERS : []),
    ...(call.idempotent ? [IDEMPOTENCY_KEY_HEADER] : []),
  ];
  for (const name of names) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  // The page's language, not the browser's: the API's 422 field messages are then in the
  // language the form is shown in (the picker's or the profile's cookie).
  const pageLocale = cookieValue(incoming.get("cookie"), LOCALE_COOKIE);
  if (isLocale(pageLocale)) headers.set("accept-language", pageLocale);
  return headers;
}

/** The page's language: the picker's or the profile's cookie, else the browser's Accept-Language. */
export function pageLocaleOf(incoming: Headers): Locale {
  const cookie = cookieValue(incoming.get("cookie"), LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : localeFromAcceptLanguage(incoming.get("accept-language"));
}

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
