import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { RootDocument, rootMetadata, rootViewport } from "@/app/root-document";
import { isLocale, LOCALES } from "@/contract/locales";

export const metadata = rootMetadata;
export const viewport = rootViewport;

/**
 * The public site in each language, prerendered: `/es`, `/es/terms-condition`, … English is
 * served at the unprefixed paths (next.config.mjs rewrites `/` to `/en`), so `/en/…` is only the
 * build's name for them.
 */
export const generateStaticParams = () => LOCALES.map((locale) => ({ locale }));

type Props = { children: ReactNode; params: Promise<{ locale: string }> };

export default async function PublicSiteLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  // The public site's client parts (the language links, the contact form) get their words from
  // the server: no messages, and no message formatter, in its JavaScript.
  return <RootDocument locale={locale}>{children}</RootDocument>;
}
