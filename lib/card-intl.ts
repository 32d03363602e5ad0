import { createTranslator } from "next-intl";
import { DEFAULT_LOCALE, isLocale, isRightToLeft, localeFromAcceptLanguage, type Locale } from "../contract/locales";
import { PSEUDO_LOCALE, pseudoMessage } from "./i18n/pseudo";
import ar from "../messages/ar/card.json";
import de from "../messages/de/card.json";
import en from "../messages/en/card.json";
import es from "../messages/es/card.json";
import fr from "../messages/fr/card.json";
import ptBR from "../messages/pt-BR/card.json";
import arKinds from "../messages/ar/kinds.json";
import deKinds from "../messages/de/kinds.json";
import enKinds from "../messages/en/kinds.json";
import esKinds from "../messages/es/kinds.json";
import frKinds from "../messages/fr/kinds.json";
import ptBRKinds from "../messages/pt-BR/kinds.json";
import type { RewardKind } from "../contract/rewards";
import type { AbstractIntlMessages } from "next-intl";
import { pseudoMessages } from "./i18n/pseudo";

/** The `card` namespace (card page, counter screen, staff invite) in every locale. */
export const CARD_MESSAGES: Record<Locale, typeof en> = { en, es, fr, de, "pt-BR": ptBR, ar };

/**
 * A card's language: one of ours, or the e2e pseudo-locale (lib/i18n/pseudo.ts: English messages
 * transformed, so a hard-coded English text stands out), which only a web server started with
 * I18N_PSEUDO=1 gives.
 */
export type CardLocale = Locale | typeof PSEUDO_LOCALE;

let pseudoCard: typeof en | undefined;

/** The card messages of a locale (the pseudo-locale's made from English once). */
export function cardMessages(locale: CardLocale): typeof en {
  if (locale !== PSEUDO_LOCALE) return CARD_MESSAGES[locale];
  pseudoCard ??= Object.fromEntries(Object.entries(en).map(([key, text]) => [key, pseudoMessage(text)])) as typeof en;
  return pseudoCard;
}

const pseudoWanted = (cookieLocale: string | undefined) =>
  cookieLocale === PSEUDO_LOCALE && typeof process !== "undefined" && process.env.I18N_PSEUDO === "1";

/**
 * The language a card speaks: the business's (chosen in the card designer), else the
 * customer's — the NEXT_LOCALE cookie the app keeps, else the browser's Accept-Language.
 */
export function cardLocale(
  businessLocale: unknown,
  cookieLocale: string | undefined,
  acceptLanguage: string | null,
): CardLocale {
  if (pseudoWanted(cookieLocale)) return PSEUDO_LOCALE;
  if (isLocale(businessLocale)) return businessLocale;
  if (isLocale(cookieLocale)) return cookieLocale;
  return acceptLanguage ? localeFromAcceptLanguage(acceptLanguage) : DEFAULT_LOCALE;
}

/** What the card's root element carries, so a screen reader and the layout follow the card's language. */
export const langAttributes = (locale: CardLocale) =>
  locale === PSEUDO_LOCALE
    ? { lang: DEFAULT_LOCALE, dir: "ltr" }
    : { lang: locale, dir: isRightToLeft(locale) ? "rtl" : "ltr" };

/** `t` for a server component of the card (no request config needed: the locale is the card's). */
export const cardTranslator = (locale: CardLocale) =>
  createTranslator({
    locale: locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale,
    messages: { card: cardMessages(locale) },
    namespace: "card",
  });

export type CardTranslator = ReturnType<typeof cardTranslator>;

/** The programme kinds' words (messages/<locale>/kinds.json) in every locale. */
const KINDS_MESSAGES: Record<Locale, typeof enKinds> = {
  en: enKinds,
  es: esKinds,
  fr: frKinds,
  de: deKinds,
  "pt-BR": ptBRKinds,
  ar: arKinds,
};

/** The programme kinds' words of a card's locale (a nested provider carries them). */
export const kindMessages = (locale: Locale): typeof enKinds => KINDS_MESSAGES[locale];

/**
 * `t` of one programme kind's words on the card's pages (`ns` is the kind's, components/kinds), in
 * the card's language.
 */
export function kindTranslator(locale: CardLocale, ns: `kinds.${RewardKind}`) {
  const kinds =
    locale === PSEUDO_LOCALE
      ? (pseudoMessages({ kinds: enKinds as AbstractIntlMessages }).kinds as typeof enKinds)
      : KINDS_MESSAGES[locale];
  return createTranslator({
    locale: locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale,
    messages: { kinds },
    namespace: ns,
  });
}
