import type { MetadataRoute } from "next";
import { APP_NAME } from "@/lib/site";

/**
 * The installable web app is the customer's card (issue 10 §6). One manifest serves every
 * business, so it cannot name one card: it starts at /add-to-wallet, which shows the last card
 * opened on this device (a cookie the card page keeps, and the service worker's copy when offline).
 * Scoped to the card pages: links elsewhere (privacy policy) open in the browser.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/add-to-wallet",
    name: `${APP_NAME} — my stamp card`,
    short_name: "My card",
    description: "Your digital stamp card: stamps, rewards and the code staff scan.",
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
  };
}
