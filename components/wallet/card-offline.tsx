"use client";
import { useEffect, useSyncExternalStore } from "react";
import { LAST_CARD_COOKIE } from "@/contract/wallet-device";

const ONE_YEAR = 365 * 24 * 60 * 60;

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Makes the card work as an installed app: registers the card's service worker (public/card-sw.js,
 * which keeps the last card page for offline use), remembers this card as the one the home-screen
 * icon opens, and says so when the page is shown without a network. Deliberately tiny: it ships
 * in the card page's first-load JavaScript, with its one sentence given by the server (no
 * message formatter in the browser).
 */
export function CardOffline({ serial, offlineText }: { serial: string; offlineText: string }) {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    // The card's serial: not secret (its key stays in the httpOnly card cookie), it only tells
    // /add-to-wallet which of the device's cards to open, whatever becomes of the QR code.
    const secure = location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${LAST_CARD_COOKIE}=${serial}; path=/add-to-wallet; max-age=${ONE_YEAR}; samesite=lax${secure}`;
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/card-sw.js", { scope: "/add-to-wallet" }).catch(() => {
        // No service worker (private mode, old browser): the card still works online.
      });
    }
  }, [serial]);
  if (online) return null;
  return (
    <p className="wallet-offline" role="status">
      {offlineText}
    </p>
  );
}
