import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/contract/locales";
import type { Namespace } from "@/lib/i18n/namespaces";
import { RootDocument } from "./root-document";

/**
 * The root layout of the parts rendered per request (dashboard, sign-in, card page, counter,
 * staff invite): the document in the visitor's language (i18n/request.ts).
 */
export async function RequestRootLayout({
  children,
  clientNamespaces,
}: {
  children: ReactNode;
  clientNamespaces?: readonly Namespace[];
}) {
  const locale = (await getLocale()) as Locale;
  return (
    <RootDocument locale={locale} clientNamespaces={clientNamespaces}>
      {children}
    </RootDocument>
  );
}
