import { createTranslator } from "next-intl";
import { DEFAULT_LOCALE, isLocale, isRightToLeft, localeFromAcceptLanguage, type Locale } from "./contract/locales";
import ar from "../messages/ar/card.json";
import de from "../messages/de/card.json";
import en from "../messages/en/card.json";
import es from "../messages/es/card.json";
import fr from "../messages/fr/card.json";
import ptBR from "../messages/pt-BR/card.json";

/** The `card` namespace (card page, counter screen, staff invite) in every locale. */
export const CARD_MESSAGES: Record<Locale, typeof en> = { en, es, fr, de, "pt-BR": ptBR, ar };

/**
 * The language a card speaks (issue 25): the business's (chosen in the card designer), else the
 * customer's — the NEXT_LOCALE cookie the app keeps, else the browser's Accept-Language.
 */
export function cardLocale(
  businessLocale: unknown,
  cookieLocale: string | undefined,
  acceptLanguage: string | null,
): Locale {
  if (isLocale(businessLocale)) return businessLocale;
  if (isLocale(cookieLocale)) return cookieLocale;
  return acceptLanguage ? localeFromAcceptLanguage(acceptLanguage) : DEFAULT_LOCALE;
}

/** What the card's root element carries, so a screen reader and the layout follow the card's language. */
export const langAttributes = (locale: Locale) => ({ lang: locale, dir: isRightToLeft(locale) ? "rtl" : "ltr" });

/** `t` for a server component of the card (no request config needed: the locale is the card's). */
export const cardTranslator = (locale: Locale) =>
  createTranslator({ locale, messages: { card: CARD_MESSAGES[locale] }, namespace: "card" });

export type CardTranslator = ReturnType<typeof cardTranslator>;
