import type { MetadataRoute } from "next";
import { LOCALES } from "@/lib/contract/locales";
import { languageAlternates, localizedPath } from "@/lib/i18n/paths";
import { SITE_URL } from "@/lib/seo";

const PAGES = [
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/privacy-policy", changeFrequency: "yearly", priority: 0.3 },
  { path: "/privacy-policy-1", changeFrequency: "yearly", priority: 0.3 },
  { path: "/terms-condition", changeFrequency: "yearly", priority: 0.3 },
] as const;

/**
 * The public pages in every language, each with its hreflang alternates; auth, dashboard and API
 * paths stay out (robots.ts disallows them too).
 */
export default function sitemap(): MetadataRoute.Sitemap {
  return PAGES.flatMap(({ path, changeFrequency, priority }) =>
    LOCALES.map((locale) => ({
      url: `${SITE_URL}${localizedPath(locale, path)}`,
      changeFrequency,
      priority,
      alternates: { languages: languageAlternates(path, SITE_URL) },
    })),
  );
}
