import type { ReactNode } from "react";
import type { Namespace } from "@/lib/i18n/namespaces";
import { RootDocument } from "./root-document";

/**
 * The root layout of the parts rendered per request (dashboard, sign-in, card page, counter,
 * staff invite): the document in the visitor's language (i18n/request.ts).
 */
export function RequestRootLayout({
  children,
  clientNamespaces,
}: {
  children: ReactNode;
  clientNamespaces?: readonly Namespace[];
}) {
  return <RootDocument clientNamespaces={clientNamespaces}>{children}</RootDocument>;
}
