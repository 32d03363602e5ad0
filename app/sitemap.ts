import type { MetadataRoute } from "next";
import { LOCALES } from "@/contract/locales";
import { languageAlternates, localizedPath } from "@/lib/i18n/paths";
import { PUBLIC_PAGES } from "@/lib/public-pages.mjs";
import { SITE_URL } from "@/lib/server/seo";

/**
 * The public pages in every language, each with its hreflang alternates; auth, dashboard and API
 * paths stay out (robots.ts disallows them too).
 */
export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PAGES.flatMap(({ path, changeFrequency, priority }) =>
    LOCALES.map((locale) => ({
      url: `${SITE_URL}${localizedPath(locale, path)}`,
      changeFrequency,
      priority,
      alternates: { languages: languageAlternates(path, SITE_URL) },
    })),
  );
}
