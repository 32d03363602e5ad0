import type { ReactNode } from "react";
import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/paths";
import { SiteChrome } from "@/components/site/site-chrome";

/**
 * The public pages for visitors without a session cookie: fully prerendered and cached
 * (lib/server/site-data.ts), no per-request rendering. No client providers here: they belong to the
 * signed-in pages.
 */
export default async function MarketingLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  // Every layout and page of the prerendered site names its locale (next-intl's static rendering):
  // one that does not would ask the request for it, and a revalidation has no request.
  const locale = localeOf((await params).locale);
  setRequestLocale(locale);
  return (
    <SiteChrome variant="guest" locale={locale}>
      {children}
    </SiteChrome>
  );
}
