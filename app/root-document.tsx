import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { isRightToLeft, type Locale } from "@/lib/contract/locales";
import type { Namespace } from "@/lib/i18n/namespaces";
import { SITE_URL } from "@/lib/seo";
import { APP_NAME } from "@/lib/site";
import "./globals.css";

/**
 * Each part of the app has a root layout of its own (the public site's is per `[locale]` and
 * prerendered; the others render per request in the visitor's language): they all render this
 * document, so `<html lang dir>` is the page's language and Arabic reads right to left.
 */
export async function RootDocument({
  locale,
  clientNamespaces,
  children,
}: {
  locale: Locale;
  /**
   * The messages the part's client components use (all when absent): the browser gets only these,
   * so a public page does not carry the dashboard's texts.
   */
  clientNamespaces?: readonly Namespace[];
  children: ReactNode;
}) {
  const messages = await getMessages({ locale });
  const forClient = clientNamespaces
    ? Object.fromEntries(clientNamespaces.map((namespace) => [namespace, messages[namespace] ?? {}]))
    : messages;
  return (
    <html lang={locale} dir={isRightToLeft(locale) ? "rtl" : "ltr"}>
      <body>
        <NextIntlClientProvider locale={locale} messages={forClient}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

export const rootMetadata: Metadata = {
  metadataBase: new URL(SITE_URL),
  title: { default: `${APP_NAME}: digital stamp cards for your business`, template: `%s · ${APP_NAME}` },
  description:
    "Run a loyalty programme your customers actually use: printable QR codes, digital stamp cards, rewards and coupons.",
  icons: { icon: "/icon.svg" },
  openGraph: { type: "website", siteName: APP_NAME, locale: "en_US" },
  twitter: { card: "summary" },
};

export const rootViewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };
