import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/locales";
import { ar } from "./messages/ar";
import { de } from "./messages/de";
import { en, type MessageKey } from "./messages/en";
import { es } from "./messages/es";
import { fr } from "./messages/fr";
import { ptBR } from "./messages/pt-BR";

/**
 * The server's catalogue (mails, pass texts). The server never imports web code, so it keeps its
 * own messages rather than reading messages/<locale>/*.json.
 */
export const SERVER_MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  en,
  es,
  fr,
  de,
  "pt-BR": ptBR,
  ar,
};

export type { MessageKey };
/** Formats a key in one locale; `locale` says which (a mail's `lang`). */
export type Translate = ((key: MessageKey, values?: Record<string, string | number>) => string) & {
  locale: Locale;
};

/** Parsed once per locale and key: a pass is built on every device's fetch. */
const formats = new Map<string, IntlMessageFormat>();

/** A stored locale (users.locale, the card's design) as one of ours; null or unknown: English. */
export const localeOrDefault = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);

/** `t(key, values)` in `locale`: what every mail and pass text goes through. */
export function translator(locale: Locale): Translate {
  const t = (key: MessageKey, values?: Record<string, string | number>) => {
    const id = `${locale}\u0000${key}`;
    let format = formats.get(id);
    if (!format) {
      format = new IntlMessageFormat(SERVER_MESSAGES[locale][key], locale);
      formats.set(id, format);
    }
    return String(format.format(values));
  };
  return Object.assign(t, { locale });
}
