import type { AbstractIntlMessages } from "next-intl";
import type { CardLocale } from "@/lib/card-intl";
import { loadMessages } from "@/lib/i18n/messages";
import { PSEUDO_LOCALE, pseudoMessages } from "@/lib/i18n/pseudo";
import type { CardIntl } from "./with-card-intl";

/**
 * The locale and messages a card's client part formats in the browser (components/wallet/
 * card-intl-parts.tsx): the card's namespace, the programme kinds' and the push button's.
 */
export async function cardIntl(locale: CardLocale): Promise<CardIntl> {
  const all = locale === PSEUDO_LOCALE ? pseudoMessages(await loadMessages("en")) : await loadMessages(locale);
  const pick = (name: string) => (all[name] ?? {}) as AbstractIntlMessages;
  const dashboardMore = pick("dashboardMore");
  return {
    locale: locale === PSEUDO_LOCALE ? "en" : locale,
    messages: { card: pick("card"), kinds: pick("kinds"), dashboardMore: { push: dashboardMore.push ?? {} } },
  };
}
