/**
 * The languages the product speaks: the owner's dashboard, the card page, the counter
 * screen, mails and pass texts. English is the default and the public site's unprefixed pages;
 * the others are served under their prefix (`/es/…`). Arabic is written right to left.
 * Other languages keep the translate widget.
 */
export const LOCALES = ["en", "es", "fr", "de", "pt-BR", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

export const isRightToLeft = (locale: Locale) => locale === "ar";

/** Each language's name in itself, for the pickers. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  "pt-BR": "Português (Brasil)",
  ar: "العربية",
};

/**
 * The best of our locales for an Accept-Language header (RFC 9110 section 12.5.4: q-values, then
 * order), else English. `pt`, `pt-PT` and `pt-BR` all get Brazilian Portuguese.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split("-")[0];
    const byLanguage = LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === primary);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}
