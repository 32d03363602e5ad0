"use client";

import { useEffect } from "react";
import { SCANNER_MANIFEST, SCANNER_START, SCANNER_WORKER } from "@/lib/offline-scans/scanner-app";

/**
 * Makes My Scans the staff scanner app: links its manifest (React puts the link in the head; only
 * this page links it, so no other dashboard page offers to install it) and registers the service
 * worker that keeps this page for opening offline.
 */
export function ScannerApp() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(SCANNER_WORKER, { scope: SCANNER_START }).catch(() => {
      // No service worker (private mode, plain http off localhost): the scanner still works online.
    });
  }, []);
  return <link rel="manifest" href={SCANNER_MANIFEST} />;
}
