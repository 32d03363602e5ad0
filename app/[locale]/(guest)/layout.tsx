import type { ReactNode } from "react";
import { SiteChrome } from "@/components/site/site-chrome";

/**
 * The public pages for visitors without a session cookie: fully prerendered and cached
 * (lib/site-data.ts), no per-request rendering. No client providers here: they belong to the
 * signed-in pages.
 */
export default function MarketingLayout({ children }: { children: ReactNode }) {
  return <SiteChrome variant="guest">{children}</SiteChrome>;
}
