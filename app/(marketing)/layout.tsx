import type { ReactNode } from "react";
import { Footer } from "@/components/site/footer";
import { TopBar } from "@/components/site/top-bar";
import { getHomeContent } from "@/lib/site-data";

/**
 * The public pages: prerendered and cached (lib/site-data.ts), with only the top bar's session
 * button rendered per request. No client providers here: they belong to the signed-in pages.
 */
export default async function MarketingLayout({ children }: { children: ReactNode }) {
  const { home, year } = await getHomeContent();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar logo={home?.logo ?? null} />
      <main id="main" className="site-main">
        {children}
      </main>
      <Footer home={home} year={year} />
    </>
  );
}
