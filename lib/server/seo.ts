import "server-only";
import type { Metadata } from "next";
import { DEFAULT_LOCALE, type Locale } from "../../contract/locales";
import { languageAlternates, localizedPath } from "../i18n/paths";
import { APP_NAME } from "../site";

/**
 * The site's public address for canonical URLs, Open Graph and the sitemap. Read at build time
 * for prerendered pages: build with the PUBLIC_APP_URL the site is served under.
 */
export const SITE_URL = (process.env.PUBLIC_APP_URL || "http://localhost:3000").replace(/\/$/, "");

const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Open Graph's locale names (language_TERRITORY). */
const OG_LOCALES: Record<Locale, string> = {
  en: "en_US",
  es: "es_ES",
  fr: "fr_FR",
  de: "de_DE",
  "pt-BR": "pt_BR",
  ar: "ar_AR",
};

/**
 * Title, description, canonical URL (the page in its own language), hreflang alternates (every
 * language; x-default the unprefixed English page) and the Open Graph / Twitter cards of one
 * public page. `path` is the unprefixed page (`/terms-condition`).
 */
export function pageMetadata(page: {
  path: string;
  locale?: Locale;
  title?: string;
  description?: string;
  absoluteTitle?: boolean;
}): Metadata {
  const title = page.title ?? APP_NAME;
  const description = clip(
    page.description ||
      "Digital stamp cards for your business: printable QR codes, rewards and coupons, managed from one dashboard.",
  );
  const locale = page.locale ?? DEFAULT_LOCALE;
  const url = `${SITE_URL}${localizedPath(locale, page.path)}`;
  return {
    title: page.absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: url, languages: languageAlternates(page.path, SITE_URL) },
    openGraph: { type: "website", siteName: APP_NAME, url, title, description, locale: OG_LOCALES[locale] },
    twitter: { card: "summary", title, description },
  };
}
