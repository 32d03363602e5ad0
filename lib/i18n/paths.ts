import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "../../contract/locales";

/**
 * A public page's address in a language: English at the unprefixed path (`/terms-condition`),
 * the others under their prefix (`/es/terms-condition`, `/es` for the home page).
 */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The language and the unprefixed page of a public address: `/de/privacy-policy` → de, `/privacy-policy`. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const [, first = "", ...rest] = pathname.split("/");
  if (isLocale(first)) return { locale: first, path: `/${rest.join("/")}` };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/** hreflang alternates of a public page: every language's address, x-default the English one. */
export function languageAlternates(path: string, origin: string): Record<string, string> {
  const languages: Record<string, string> = {};
  for (const locale of LOCALES) languages[locale] = `${origin}${localizedPath(locale, path)}`;
  languages["x-default"] = `${origin}${path}`;
  return languages;
}

/** A `[locale]` segment as a Locale (the layout already refused unknown ones). */
export const localeOf = (segment: string): Locale => (isLocale(segment) ? segment : DEFAULT_LOCALE);
