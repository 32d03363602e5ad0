import type { MetadataRoute } from "next";
import { SITE_URL } from "@/lib/server/seo";

/**
 * Search engines index the public site. The sign-in flow's inner pages, the dashboard and the API
 * are disallowed. /login and /register stay crawlable (not in the sitemap): owners search for them,
 * and a disallowed page fails Lighthouse's "page is blocked from indexing" SEO audit.
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: [
        "/api/",
        "/dashboard",
        "/subscription",
        "/payment",
        "/thank-you",
        "/verify-otp",
        "/forgot-password",
        "/forgot-verify-otp",
        "/change-password",
        "/add-user/",
      ],
    },
    sitemap: `${SITE_URL}/sitemap.xml`,
  };
}
