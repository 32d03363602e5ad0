import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/contract/locales";
import { CARD_MESSAGES } from "@/lib/card-intl";

/** The card's client parts in the card's language: only the `card` namespace travels to the phone. */
export function CardIntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={{ card: CARD_MESSAGES[locale] }}>
      {children}
    </NextIntlClientProvider>
  );
}
