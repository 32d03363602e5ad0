import { isLocale, type Locale } from "../contract/locales";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "./locale-cookie";

/**
 * The language an owner's profile answer asks the browser to keep (login, user-profile,
 * profile-update): their saved `locale`, or null when they have none (the browser's own
 * language then stands, and a picker's cookie is left alone).
 */
export function profileLocale(data: unknown): Locale | null {
  if (!data || typeof data !== "object") return null;
  const locale = (data as { locale?: unknown }).locale;
  return isLocale(locale) ? locale : null;
}

/** The `NEXT_LOCALE` cookie as the pickers write it: readable by the page (no secret), a year long. */
export const localeCookieOptions = (secure: boolean) =>
  ({ name: LOCALE_COOKIE, path: "/", sameSite: "lax", secure, maxAge: LOCALE_COOKIE_MAX_AGE }) as const;
