"use client";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import type { ScannerWords } from "./card-words";

// Loaded when the camera is opened (a click, so only ever in the browser).
const CameraScanner = lazy(() =>
  import("@/components/scanner/camera-scanner").then((m) => ({ default: m.CameraScanner })),
);

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The business token in a scanned text: our add-to-wallet URL (any host) or a bare token. */
function tokenOf(text: string): string | null {
  const trimmed = text.trim();
  if (TOKEN.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    const token = url.searchParams.get("qr_token");
    return url.pathname.replace(/\/$/, "") === "/add-to-wallet" && token && TOKEN.test(token) ? token : null;
  } catch {
    return null;
  }
}

/** "Scan a QR code", for phones whose camera app does not open links: a business QR leads to its page.
 * Its words come from the server in the card's language (`scannerWords`).
 */
export function PublicScanner({ words }: { words: ScannerWords }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const onCode = (text: string) => {
    const token = tokenOf(text);
    if (token) {
      setOpen(false);
      router.push(`/add-to-wallet?qr_token=${encodeURIComponent(token)}`);
    } else if (/^LC[\s-]?[0-9A-Z]{4}/i.test(text.trim())) {
      setMessage(words.scanCustomerCard);
    } else {
      setMessage(words.scanNotOurs);
    }
  };

  return (
    <section className="wallet-scan" aria-label={words.scanQr}>
      {open ? (
        <>
          {/* The camera's own words are the shared scanner's: the card's language says it here. */}
          <Suspense fallback={<p className="small muted">{words.startingCamera}</p>}>
            <CameraScanner
              onCode={onCode}
              onError={() => setMessage(words.cameraUnavailable)}
              label={words.cameraView}
            />
          </Suspense>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setOpen(false)}>
            {words.closeCamera}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => {
            setMessage(null);
            setOpen(true);
          }}
        >
          {words.scanQr}
        </button>
      )}
      {message && (
        <p className="wallet-notice error" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
