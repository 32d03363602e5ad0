import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/contract/locales";
import { pickMessages, type MessagePath } from "@/lib/i18n/message-paths";
import { RootDocument } from "./root-document";

/**
 * The root layout of the parts rendered per request (dashboard, sign-in, card page, counter,
 * staff invite): the document in the visitor's language (i18n/request.ts), with the messages its
 * client components use.
 */
export async function RequestRootLayout({
  children,
  clientMessages,
}: {
  children: ReactNode;
  /**
   * The messages the part's client components use (all when absent): the browser gets only these,
   * so the card page does not carry the dashboard's texts.
   */
  clientMessages?: readonly MessagePath[];
}) {
  // Asked without a locale, so the request configuration decides (and the e2e pseudo-locale
  // reaches the client components too).
  const messages = await getMessages();
  const lang = (await getLocale()) as Locale;
  const forClient = clientMessages ? pickMessages(messages, clientMessages) : messages;
  return (
    <RootDocument>
      <NextIntlClientProvider locale={lang} messages={forClient}>
        {children}
      </NextIntlClientProvider>
    </RootDocument>
  );
}
