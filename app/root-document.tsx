import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { isRightToLeft, type Locale } from "@/lib/contract/locales";
import { SITE_URL } from "@/lib/seo";
import { APP_NAME } from "@/lib/site";
import "./globals.css";

/**
 * Each part of the app has a root layout of its own (the public site's is per `[locale]` and
 * prerendered; the others render per request in the visitor's language): they all render this
 * document, so `<html lang dir>` is the page's language and Arabic reads right to left.
 */
export function RootDocument({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <html lang={locale} dir={isRightToLeft(locale) ? "rtl" : "ltr"}>
      <body>
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
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
