import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/contract/locales";
import { CARD_MESSAGES } from "@/lib/card-intl";

/**
 * The card's client parts in the card's language: only the `card` namespace travels to the phone.
 * A nested provider's messages replace its parent's: once lib/i18n/messages.ts (the i18n branch)
 * loads every namespace per locale, give it that locale's full set here, so components of other
 * namespaces inside the card (auth's password fields on the invite page) find theirs.
 */
export function CardIntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    // Every prop given: rendered from a server component, next-intl reads a missing one from the
    // request config (i18n/request.ts), which this page does not need. Times show in the phone's zone
    // (LocalTime names it); UTC only stands in until the browser renders them.
    <NextIntlClientProvider
      locale={locale}
      messages={{ card: CARD_MESSAGES[locale] }}
      formats={{}}
      timeZone="UTC"
      now={new Date()}
    >
      {children}
    </NextIntlClientProvider>
  );
}
