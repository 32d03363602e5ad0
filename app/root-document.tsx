import type { Metadata, Viewport } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { isRightToLeft, type Locale } from "@/contract/locales";
import type { Namespace } from "@/lib/i18n/namespaces";
import { SITE_URL } from "@/lib/server/seo";
import { APP_NAME } from "@/lib/site";
// The global styles by feature, in cascade order: a later file wins over an earlier one, as the
// rules of the one file they came from did. Sections with their own styles import them beside them.
import "./styles/base.css";
import "./styles/buttons.css";
import "./styles/forms.css";
import "./styles/auth.css";
import "./styles/app-shell.css";
import "./styles/home.css";
import "./styles/dashboard.css";
import "./styles/site.css";
import "./styles/loading.css";
import "./styles/translate.css";
import "./styles/payments.css";
import "./styles/integrations.css";
import "./styles/charts.css";
import "./styles/language-pickers.css";

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
  /** The public site names its locale; the other parts render in the request's (i18n/request.ts). */
  locale?: Locale;
  /**
   * The messages the part's client components use (all when absent): the browser gets only these,
   * so a public page does not carry the dashboard's texts.
   */
  clientNamespaces?: readonly Namespace[];
  children: ReactNode;
}) {
  // Asked without a locale on pages rendered per request, so the request configuration decides
  // (and the e2e pseudo-locale reaches the client components too).
  const messages = await getMessages(locale ? { locale } : undefined);
  const lang = locale ?? ((await getLocale()) as Locale);
  const forClient = clientNamespaces
    ? Object.fromEntries(clientNamespaces.map((namespace) => [namespace, messages[namespace] ?? {}]))
    : messages;
  return (
    <html lang={lang} dir={isRightToLeft(lang) ? "rtl" : "ltr"}>
      <body>
        <NextIntlClientProvider locale={lang} messages={forClient}>
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
