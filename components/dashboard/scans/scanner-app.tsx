"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { SCANNER_MANIFEST, SCANNER_START, SCANNER_WORKER } from "@/lib/browser/offline-scans/scanner-app";

/** Chromium's install offer (not in TypeScript's DOM types): `prompt()` shows the browser's dialog. */
type InstallOffer = Event & { prompt: () => Promise<void> };

/**
 * Makes My Scans the staff scanner app: links its manifest (React puts the link in the head; only
 * this page links it, so no other dashboard page offers to install it), registers the service
 * worker that keeps this page for opening offline, and offers "Install" where the browser can.
 */
export function ScannerApp() {
  const t = useTranslations("scanner");
  const [offer, setOffer] = useState<InstallOffer | null>(null);
  useEffect(() => {
    const offered = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallOffer);
    };
    const installed = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", offered);
    window.addEventListener("appinstalled", installed);
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register(SCANNER_WORKER, { scope: SCANNER_START }).catch(() => {
        // No service worker (private mode, plain http off localhost): the scanner still works online.
      });
    }
    return () => {
      window.removeEventListener("beforeinstallprompt", offered);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);
  return (
    <>
      <link rel="manifest" href={SCANNER_MANIFEST} />
      {offer && (
        <p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => {
              void offer.prompt();
              setOffer(null);
            }}
          >
            {t("install")}
          </button>
        </p>
      )}
    </>
  );
}
