import type { MetadataRoute } from "next";
import { SITE_URL } from "@/lib/seo";

/** The public pages; auth, dashboard and API paths stay out (robots.ts disallows them too). */
export default function sitemap(): MetadataRoute.Sitemap {
  return [
    { url: `${SITE_URL}/`, changeFrequency: "weekly", priority: 1 },
    { url: `${SITE_URL}/privacy-policy`, changeFrequency: "yearly", priority: 0.3 },
    { url: `${SITE_URL}/privacy-policy-1`, changeFrequency: "yearly", priority: 0.3 },
    { url: `${SITE_URL}/terms-condition`, changeFrequency: "yearly", priority: 0.3 },
  ];
}
