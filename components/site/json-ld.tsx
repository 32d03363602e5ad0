import type { HomePageData } from "@/contract/site";
import { SITE_URL } from "@/lib/server/seo";
import { APP_NAME } from "@/lib/site";

/** The organisation for search engines (schema.org JSON-LD: data, not script, for the CSP). */
export function OrganizationJsonLd({ home }: { home: HomePageData | null }) {
  const sameAs = [home?.facebook, home?.twitter, home?.instagram].filter(Boolean);
  const logo = home?.logo ?? "/icon.svg";
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: APP_NAME,
    url: SITE_URL,
    logo: logo.startsWith("http") ? logo : `${SITE_URL}${logo}`,
    ...(sameAs.length > 0 && { sameAs }),
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", url: `${SITE_URL}/#contact-us` },
  };
  // "<" escaped so no text in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
