import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/contract/locales";
import { loadMessages } from "@/lib/i18n/messages";

/**
 * The card's client parts in the card's language, which may differ from the page's (the
 * business's, issue 25). A nested provider's messages replace its parent's, so it carries every
 * namespace of that locale (auth's password fields on the invite page find theirs); formats and
 * time zone come from the request config (i18n/request.ts).
 */
export async function CardIntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <NextIntlClientProvider locale={locale} messages={await loadMessages(locale)}>
      {children}
    </NextIntlClientProvider>
  );
}
