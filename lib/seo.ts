import type { Metadata } from "next";
import { APP_NAME } from "./site";

/**
 * The site's public address for canonical URLs, Open Graph and the sitemap. Read at build time
 * for prerendered pages: build with the PUBLIC_APP_URL the site is served under.
 */
export const SITE_URL = (process.env.PUBLIC_APP_URL || "http://localhost:3000").replace(/\/$/, "");

const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Title, description, canonical URL and the Open Graph / Twitter cards of one public page. */
export function pageMetadata(page: {
  path: string;
  title?: string;
  description?: string;
  absoluteTitle?: boolean;
}): Metadata {
  const title = page.title ?? APP_NAME;
  const description = clip(
    page.description ||
      "Digital stamp cards for your business: printable QR codes, rewards and coupons, managed from one dashboard.",
  );
  const url = `${SITE_URL}${page.path}`;
  return {
    title: page.absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: APP_NAME, url, title, description, locale: "en_US" },
    twitter: { card: "summary", title, description },
  };
}
