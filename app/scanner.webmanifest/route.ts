import type { MetadataRoute } from "next";
import { getTranslations } from "next-intl/server";
import { SCANNER_START } from "@/lib/browser/offline-scans/scanner-app";
import { APP_NAME } from "@/lib/site";

/**
 * The staff scanner as an app of its own, beside the customer's card
 * (app/manifest.webmanifest): its own id, so a phone can hold both, scoped to My Scans (the
 * scanner and the scans list are that one page). Linked from My Scans only; its service worker
 * (public/scanner-sw.js) keeps the page so the app opens without a network. Its name is in the
 * staff member's language (their cookie, else the browser's).
 */
const manifest = (t: Awaited<ReturnType<typeof getTranslations<"scanner">>>): MetadataRoute.Manifest => ({
  id: SCANNER_START,
  name: t("manifest.name", { app: APP_NAME }),
  short_name: t("manifest.shortName"),
  description: t("manifest.description"),
  start_url: SCANNER_START,
  scope: SCANNER_START,
  display: "standalone",
  orientation: "portrait",
  theme_color: "#312e81",
  background_color: "#f6f7fb",
  icons: [
    { src: "/icons/scanner.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    { src: "/icons/scanner-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/scanner-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/scanner-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
});

export async function GET() {
  const t = await getTranslations("scanner");
  return Response.json(manifest(t), { headers: { "content-type": "application/manifest+json" } });
}
