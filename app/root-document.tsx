import type { Metadata, Viewport } from "next";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { isRightToLeft, type Locale } from "@/contract/locales";
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
 * document, so `<html lang dir>` is the page's language and Arabic reads right to left. It holds no
 * client provider: the public site's pages import nothing of next-intl's browser code (their client
 * parts get their words from the server); the other parts add the provider (request-root-layout.tsx).
 */
export async function RootDocument({
  locale,
  children,
}: {
  /** The public site names its locale; the other parts render in the request's (i18n/request.ts). */
  locale?: Locale;
  children: ReactNode;
}) {
  const lang = locale ?? ((await getLocale()) as Locale);
  return (
    <html lang={lang} dir={isRightToLeft(lang) ? "rtl" : "ltr"}>
      <body>{children}</body>
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
