import { Suspense, type ReactNode } from "react";
import type { Locale } from "@/contract/locales";
import { getHomeContent } from "@/lib/server/site-data";
import { Footer } from "./footer";
import { LoginButton, SessionButton, SessionButtonFallback } from "./session-button";
import { TopBar } from "./top-bar";
import { SkipLink } from "@/components/ui/skip-link";

/**
 * Top bar, main and footer of the public pages, in two variants:
 * - "guest": fully static, with the login button. Visitors without a session cookie get it, so a
 *   visit costs no server rendering at all.
 * - "session": the same prerendered page with only the top bar's button rendered per request from
 *   the session (Dashboard or login). next.config.mjs rewrites requests that carry the session
 *   cookie to this variant (app/[locale]/session-view), so signed-in visitors see the right button
 *   in the first response, without a flash.
 */
export async function SiteChrome({
  variant,
  locale,
  children,
}: {
  variant: "guest" | "session";
  locale: Locale;
  children: ReactNode;
}) {
  const { home, year } = await getHomeContent(locale);
  const button =
    variant === "guest" ? (
      <LoginButton />
    ) : (
      <Suspense fallback={<SessionButtonFallback />}>
        <SessionButton />
      </Suspense>
    );
  return (
    <>
      <SkipLink />
      <TopBar logo={home?.logo ?? null} button={button} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer home={home} year={year} />
    </>
  );
}
