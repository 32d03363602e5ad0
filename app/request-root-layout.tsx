import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/contract/locales";
import { RootDocument } from "./root-document";

/**
 * The root layout of the parts rendered per request (dashboard, sign-in, card page, counter,
 * staff invite): the document in the visitor's language (i18n/request.ts).
 */
export async function RequestRootLayout({ children }: { children: ReactNode }) {
  const locale = (await getLocale()) as Locale;
  return <RootDocument locale={locale}>{children}</RootDocument>;
}
