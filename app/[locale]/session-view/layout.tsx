import type { ReactNode } from "react";
import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/paths";
import { SiteChrome } from "@/components/site/site-chrome";

/**
 * The public pages for requests that carry the session cookie (next.config.mjs rewrites `/` and
 * the legal pages here; the address bar keeps the public path, and proxy.ts sends a direct visit
 * to /session-view back to `/`). Prerendered like the guest variant, with the top bar's button
 * rendered per request.
 */
export default async function SessionViewLayout({
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
    <SiteChrome variant="session" locale={locale}>
      {children}
    </SiteChrome>
  );
}
