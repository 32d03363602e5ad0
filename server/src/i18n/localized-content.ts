import type { Locale } from "../../../contract/locales";

/** `T` with every text optional, down through its lists and objects. */
export type PartialTexts<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? PartialTexts<Item>[]
    : T extends object
      ? { [K in keyof T]?: PartialTexts<T[K]> }
      : T;

/**
 * An operator's texts in the other languages, beside the English ones the record's own columns
 * hold: `{ es: { hero_title: "…", about_points: ["…", …] }, ar: { … } }`. Lists follow the
 * English list item by item; a text left out or empty is shown in English.
 */
export type ContentTranslations<T> = Partial<Record<Exclude<Locale, "en">, PartialTexts<T>>>;

function pick(english: unknown, translated: unknown): unknown {
  if (typeof english === "string") {
    return typeof translated === "string" && translated.trim() !== "" ? translated : english;
  }
  if (Array.isArray(english)) {
    const items = Array.isArray(translated) ? translated : [];
    return english.map((item, i) => pick(item, items[i]));
  }
  if (english !== null && typeof english === "object") {
    const fields = translated !== null && typeof translated === "object" ? (translated as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(english).map(([key, value]) => [key, pick(value, fields[key])]));
  }
  return english;
}

/** The record's texts in `locale`: the operator's translation where one was written, else English. */
export function localizeContent<T>(
  english: T,
  translations: ContentTranslations<T> | null | undefined,
  locale: Locale,
): T {
  if (locale === "en" || !translations) return english;
  return pick(english, translations[locale]) as T;
}
