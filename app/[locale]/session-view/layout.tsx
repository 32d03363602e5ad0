import type { ReactNode } from "react";
import { SiteChrome } from "@/components/site/site-chrome";

/**
 * The public pages for requests that carry the session cookie (next.config.mjs rewrites `/` and
 * the legal pages here; the address bar keeps the public path, and proxy.ts sends a direct visit
 * to /session-view back to `/`). Prerendered like the guest variant, with the top bar's button
 * rendered per request.
 */
export default function SessionViewLayout({ children }: { children: ReactNode }) {
  return <SiteChrome variant="session">{children}</SiteChrome>;
}
