"use client";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";

const CameraScanner = dynamic(() => import("@/components/scanner/camera-scanner").then((m) => m.CameraScanner), {
  ssr: false,
  loading: () => <StartingCamera />,
});

function StartingCamera() {
  const t = useTranslations("card");
  return <p className="small muted">{t("startingCamera")}</p>;
}

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

/** "Scan a QR code", for phones whose camera app does not open links: a business QR leads to its page. */
export function PublicScanner() {
  const t = useTranslations("card");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const onCode = (text: string) => {
    const token = tokenOf(text);
    if (token) {
      setOpen(false);
      router.push(`/add-to-wallet?qr_token=${encodeURIComponent(token)}`);
    } else if (/^LC[\s-]?[0-9A-Z]{4}/i.test(text.trim())) {
      setMessage(t("scanCustomerCard"));
    } else {
      setMessage(t("scanNotOurs"));
    }
  };

  return (
    <section className="wallet-scan" aria-label={t("scanQr")}>
      {open ? (
        <>
          {/* The camera's own words are the shared scanner's: the card's language says it here. */}
          <CameraScanner onCode={onCode} onError={() => setMessage(t("cameraUnavailable"))} label={t("cameraView")} />
          <button type="button" className="btn btn-secondary btn-block" onClick={() => setOpen(false)}>
            {t("closeCamera")}
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
          {t("scanQr")}
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
