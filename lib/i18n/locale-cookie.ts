import { isLocale, type Locale } from "../../contract/locales";

/** The visitor's language (next-intl's default cookie name): set by the pickers and, for owners, from their profile. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** A year: the choice outlives sessions, like any site's language choice. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The cookie's attributes. Not httpOnly: the pickers set it from the browser too; it only
 * names a language, so reading it from script reveals nothing.
 */
export const localeCookieOptions = (secure: boolean) =>
  ({ path: "/", sameSite: "lax", secure, maxAge: LOCALE_COOKIE_MAX_AGE }) as const;

/** The language an owner chose in their profile, from an answer's `data` (sign-in, profile read or update). */
export const profileLocale = (data: unknown): Locale | undefined => {
  const locale = data && typeof data === "object" ? (data as { locale?: unknown }).locale : undefined;
  return isLocale(locale) ? locale : undefined;
};

/** `document.cookie` text for a picker: the same attributes as the BFF's. */
export const localeCookieString = (locale: Locale, secure: boolean) =>
  `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
