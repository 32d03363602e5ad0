/** The visitor's language (next-intl's default cookie name): set by the pickers and, for owners, from their profile. */
export const LOCALE_COOKIE = "NEXT_LOCALE";

/** A year: the choice outlives sessions, like any site's language choice. */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
