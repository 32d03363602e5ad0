import type { ReactNode } from "react";
import { RootDocument, rootMetadata, rootViewport } from "@/app/root-document";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/**
 * Rendered per request, in the visitor's language. No client provider of messages: the card's
 * client parts get their words from the server (components/wallet/card-words.ts), and the join
 * form, which formats its own, brings its provider with it.
 */
export const instant = false;

export default function Layout({ children }: { children: ReactNode }) {
  return <RootDocument>{children}</RootDocument>;
}
