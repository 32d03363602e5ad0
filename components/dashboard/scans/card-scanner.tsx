"use client";

import dynamic from "next/dynamic";
import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import type { ScanResult } from "@/lib/contract/wallet";
import { useScanCard } from "@/lib/queries/loyalty";

const CameraScanner = dynamic(() => import("@/components/scanner/camera-scanner").then((m) => m.CameraScanner), {
  ssr: false,
  loading: () => <p className="small muted">Starting the camera…</p>,
});

/** spec.md §4: the last scan's result is kept in local storage as `qrData`. */
const QR_DATA_KEY = "qrData";
/** The camera sees a code many times a second: the same code is sent once per this long. */
const REPEAT_MS = 4000;

type Outcome = { ok: true; message: string; result: ScanResult } | { ok: false; message: string };

const noSubscription = () => () => {};

/** The stored `qrData` as text (a string, so the snapshot is stable between renders). */
function useStoredScan(): ScanResult | null {
  const raw = useSyncExternalStore(
    noSubscription,
    () => localStorage.getItem(QR_DATA_KEY),
    () => null,
  );
  try {
    return raw ? (JSON.parse(raw) as ScanResult) : null;
  } catch {
    return null;
  }
}

function ResultPanel({ outcome, onOpenCard }: { outcome: Outcome; onOpenCard?: (serial: string) => void }) {
  if (!outcome.ok) {
    return (
      <div className="scan-result error" role="alert">
        <p className="scan-result-title">{outcome.message}</p>
      </div>
    );
  }
  const r = outcome.result;
  return (
    <div className={`scan-result ${r.action}`} role="status" data-testid="scan-result">
      <p className="scan-result-title">{outcome.message}</p>
      <dl className="details">
        <dt>Customer</dt>
        <dd>{r.customer_name}</dd>
        <dt>Business</dt>
        <dd>{r.business_name}</dd>
        <dt>Stamps</dt>
        <dd>
          {r.stamps}
          {r.stamps_required ? ` of ${r.stamps_required}` : ""}
        </dd>
        <dt>Card</dt>
        <dd>{r.serial}</dd>
      </dl>
      {r.reward_ready && <p className="badge badge-success">Reward ready: scan again to redeem {r.reward_title}</p>}
      {onOpenCard && (
        <p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => onOpenCard(r.serial)}>
            Card details and history
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * The dashboard scanner (owners and staff): the camera (html5-qrcode, loaded when asked for) or the
 * card's code typed in. Each scan stamps the card or, once the reward is reached, redeems it.
 */
export function CardScanner({ onOpenCard }: { onOpenCard?: (serial: string) => void } = {}) {
  const scan = useScanCard();
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState("");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const last = useRef({ code: "", at: 0 });
  const stored = useStoredScan();
  const shown: Outcome | null = outcome ?? (stored && { ok: true, message: "Last scan", result: stored });

  async function send(text: string) {
    const now = Date.now();
    if (scan.isPending || (text === last.current.code && now - last.current.at < REPEAT_MS)) return;
    last.current = { code: text, at: now };
    try {
      const res = await scan.mutateAsync(text);
      localStorage.setItem(QR_DATA_KEY, JSON.stringify(res.data));
      setOutcome({ ok: true, message: res.message, result: res.data });
      setCode("");
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) {
      last.current = { code: "", at: 0 };
      void send(code.trim());
    }
  };

  return (
    <section className="card form-card" aria-labelledby="scanner-title">
      <h2 id="scanner-title">Scan a customer&apos;s card</h2>
      {camera ? (
        <>
          <CameraScanner onCode={(text) => void send(text)} onError={(message) => setOutcome({ ok: false, message })} />
          <button type="button" className="btn btn-secondary" onClick={() => setCamera(false)}>
            Stop the camera
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setCamera(true)}>
          Scan with the camera
        </button>
      )}
      <form className="form scan-manual" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="scan-code">Or type the card&apos;s code</label>
          <input
            id="scan-code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="LC-XXXX-XXXX-XXXX"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
        <Button type="submit" busy={scan.isPending} variant="secondary">
          Add stamp or redeem
        </Button>
      </form>
      {shown && <ResultPanel outcome={shown} onOpenCard={onOpenCard} />}
    </section>
  );
}
