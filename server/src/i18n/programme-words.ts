import type { ProgrammeWords } from "../../../contract/programme";
import { isLocale, type Locale } from "../../../contract/locales";
import { translator, type Translate } from "./index";

/**
 * A balance's words (contract/programme.ts) from the server's catalogue, in `t`'s language: API
 * answers use the request's, passes the card's.
 */
export function programmeWords(t: Translate): ProgrammeWords {
  return {
    locale: t.locale,
    stamps: (count) => t("programme.stamps", { count }),
    points: (count) => t("programme.points", { count }),
    stampsOf: (stamps, required) => t("programme.stampsOf", { stamps, required }),
    pointsTo: (amount, remaining, title) => t("programme.pointsTo", { amount, remaining, title }),
    toSpend: (amount) => t("programme.toSpend", { amount }),
    visits: (count) => t("programme.visits", { count }),
    visitsLeft: (left, included) => t("programme.visitsLeft", { left, included }),
  };
}

/** The words in one locale: a card's (its passes), or the public API's (English only). */
export const wordsIn = (locale: Locale) => programmeWords(translator(locale));

/**
 * A card's words on its own page: the business's card language when it chose one, else the
 * request's (the page's), as the page itself picks its language (lib/card-intl.ts).
 */
export const cardWords = (cardLocale: string | null | undefined, t: Translate) =>
  isLocale(cardLocale) ? wordsIn(cardLocale) : programmeWords(t);
