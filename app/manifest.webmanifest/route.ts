import type { MetadataRoute } from "next";
import { getTranslations } from "next-intl/server";
import { APP_NAME } from "@/lib/site";

/**
 * The installable web app is the customer's card. One manifest serves every
 * business, so it cannot name one card: it starts at /add-to-wallet, which shows the last card
 * opened on this device (a cookie the card page keeps, and the service worker's copy when offline).
 * Scoped to the card pages: links elsewhere (privacy policy) open in the browser.
 *
 * A route of its own rather than app/manifest.ts, which Next.js links from every page: only the card
 * page links it, so the public site's pages do not fetch it (nor the icons it names) on a first visit.
 * Its name is in the customer's language (their cookie, else the browser's).
 */
const manifest = (t: Awaited<ReturnType<typeof getTranslations<"card">>>): MetadataRoute.Manifest => ({
  id: "/add-to-wallet",
  name: t("manifestName", { app: APP_NAME }),
  short_name: t("manifestShortName"),
  description: t("manifestDescription"),
  start_url: "/add-to-wallet",
  scope: "/add-to-wallet",
  display: "standalone",
  orientation: "portrait",
  theme_color: "#4f46e5",
  background_color: "#f6f7fb",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
});

export async function GET() {
  const t = await getTranslations("card");
  return Response.json(manifest(t), { headers: { "content-type": "application/manifest+json" } });
}
