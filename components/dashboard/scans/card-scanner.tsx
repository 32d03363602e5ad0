"use client";

import dynamic from "next/dynamic";
import { useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { amountField } from "@/lib/contract/money";
import type { ScanResult } from "@/lib/contract/wallet";
import { useScanCard } from "@/lib/queries/loyalty";
import { failureText, ResultPanel, type Outcome } from "./scan-result";

const CameraScanner = dynamic(() => import("@/components/scanner/camera-scanner").then((m) => m.CameraScanner), {
  ssr: false,
  loading: () => <p className="small muted">Starting the camera…</p>,
});

/** spec.md §4: the last scan's result is kept in local storage as `qrData`. */
const QR_DATA_KEY = "qrData";
/** The camera sees a code many times a second: the same code is sent once per this long. */
const REPEAT_MS = 4000;

const noSubscription = () => () => {};

const remember = (result: ScanResult) => localStorage.setItem(QR_DATA_KEY, JSON.stringify(result));

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

/**
 * The dashboard scanner (owners and staff): the camera (html5-qrcode, loaded when asked for) or the
 * card's code typed in. Each scan stamps the card or, once the reward is reached, redeems it; on a
 * points or cashback card it earns on the purchase amount typed first (the field is always there:
 * the card's kind is known only once it is scanned), and the result offers the card's redeems.
 */
export function CardScanner({ onOpenCard }: { onOpenCard?: (serial: string) => void } = {}) {
  const scan = useScanCard();
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState("");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const last = useRef({ code: "", at: 0 });
  const stored = useStoredScan();
  const shown: Outcome | null = outcome ?? (stored && { ok: true, message: "Last scan", result: stored, live: false });

  async function send(text: string) {
    const now = Date.now();
    if (scan.isPending || (text === last.current.code && now - last.current.at < REPEAT_MS)) return;
    last.current = { code: text, at: now };
    setAmountError(null);
    // The contract's own rule, before anything is sent (the currency's decimals are the server's to check).
    const typed = amount.trim() ? amountField.safeParse(amount.trim()) : null;
    if (typed && !typed.success) {
      const message = typed.error.issues[0]?.message ?? "Please check the amount.";
      setAmountError(message);
      setOutcome({ ok: false, message });
      return;
    }
    try {
      const res = await scan.mutateAsync({ code: text, amount: amount.trim() || undefined });
      remember(res.data);
      setOutcome({ ok: true, live: true, message: res.message, result: res.data });
      setCode("");
      // The amount was this customer's purchase: the next one types their own.
      setAmount("");
    } catch (error) {
      const message = failureText(error);
      if (error instanceof ApiError && error.errors.amount) setAmountError(error.errors.amount[0] ?? message);
      setOutcome({ ok: false, message });
    }
  }

  const redeemed = (next: Outcome) => {
    if (next.ok) remember(next.result);
    setOutcome(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) {
      last.current = { code: "", at: 0 };
      void send(code.trim());
    } else {
      // Enter in the amount field: the card's code comes next.
      document.getElementById("scan-code")?.focus();
    }
  };

  return (
    <section className="card form-card" aria-labelledby="scanner-title">
      <h2 id="scanner-title">Scan a customer&apos;s card</h2>
      <div className="field scan-amount">
        <label htmlFor="scan-amount">Purchase amount</label>
        <input
          id="scan-amount"
          name="amount"
          form="scan-form"
          inputMode="decimal"
          autoComplete="off"
          placeholder="12.50"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setAmountError(null);
          }}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={`scan-amount-hint${amountError ? " scan-amount-error" : ""}`}
        />
        <p id="scan-amount-hint" className="field-hint">
          Points and cashback cards earn on it: type it before scanning. Stamp cards ignore it.
        </p>
        {amountError && (
          <p id="scan-amount-error" className="field-error">
            {amountError}
          </p>
        )}
      </div>
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
      <form id="scan-form" className="form scan-manual" onSubmit={submit} noValidate>
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
      {shown && <ResultPanel outcome={shown} onOpenCard={onOpenCard} onRedeemed={redeemed} />}
    </section>
  );
}
