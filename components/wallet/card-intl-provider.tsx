import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { CardLocale } from "@/lib/card-intl";
import { loadMessages } from "@/lib/i18n/messages";
import { PSEUDO_LOCALE, pseudoMessages } from "@/lib/i18n/pseudo";

/**
 * The card's client parts in the card's language, which may differ from the page's (the
 * business's card design sets it). A nested provider's messages replace its parent's, so it
 * carries every namespace of that locale (auth's password fields on the invite page find theirs);
 * formats and time zone come from the request config (i18n/request.ts).
 */
export async function CardIntlProvider({ locale, children }: { locale: CardLocale; children: ReactNode }) {
  return (
    <NextIntlClientProvider
      locale={locale === PSEUDO_LOCALE ? "en" : locale}
      messages={locale === PSEUDO_LOCALE ? pseudoMessages(await loadMessages("en")) : await loadMessages(locale)}
    >
      {children}
    </NextIntlClientProvider>
  );
}
