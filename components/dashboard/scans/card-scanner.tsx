"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/browser/api-client";
import { queuedScan, shouldKeep } from "@/lib/browser/offline-scans/queue";
import type { ScanResult } from "@/contract/wallet";
import { useScanCard } from "@/lib/browser/queries/loyalty";
import { useHydrated } from "@/lib/browser/use-hydrated";
import { webKind } from "@/components/kinds";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import { useDashboardDetails } from "@/lib/browser/queries/dashboard";
import { AmountField } from "./amount-field";
import { OfflineQueue } from "./offline-queue";
import { failureText } from "./failure-text";
import { ResultPanel, type Outcome } from "./scan-result";
import { newLine, scanLines, type SplitLine } from "./split-lines";
import { useOfflineScans } from "./use-offline-scans";
import { VoucherRedeemForm, type VoucherOutcome } from "./voucher-redeem";
import { VoucherResult } from "./voucher-result";

const CameraScanner = dynamic(() => import("@/components/scanner/camera-scanner").then((m) => m.CameraScanner), {
  ssr: false,
  loading: () => <CameraStarting />,
});

/** The split by category: its code is fetched when staff open it, not with the scanner. */
const CategorySplit = dynamic(() => import("./category-split").then((m) => m.CategorySplit), {
  ssr: false,
  loading: () => <SplitLoading />,
});

function SplitLoading() {
  const t = useTranslations("categories.split");
  return <p className="small muted">{t("loading")}</p>;
}

function CameraStarting() {
  const t = useTranslations("scanner");
  return <p className="small muted">{t("cameraStarting")}</p>;
}

/**
 * The contract's rules for what is typed (the amount, a card's code), with zod: fetched when the
 * scanner is first used, not with the page, so its fields answer as soon as the page is up.
 */
let scanRules: Promise<typeof import("./scan-rules")> | null = null;
const loadScanRules = () =>
  (scanRules ??= import("./scan-rules").catch((error: unknown) => {
    scanRules = null; // a chunk that failed to load (offline) is fetched again next time
    throw error;
  }));

/** The last scan's result is kept in local storage as `qrData`, shown again when the page comes back. */
const QR_DATA_KEY = "qrData";
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
 * What was typed into the field `id` before the page's scripts ran: the browser keeps it on
 * screen through hydration, and this puts it in the component's state, so nothing typed is lost.
 */
function useTypedEarly(id: string, set: (value: string) => void) {
  useEffect(() => {
    const typed = (document.getElementById(id) as HTMLInputElement | null)?.value;
    if (typed) set(typed);
  }, [id, set]);
}

/**
 * The dashboard scanner (owners and staff): the camera (html5-qrcode, loaded when asked for) or the
 * card's code typed in. Each scan stamps the card or, once the reward is reached, redeems it; on a
 * points or cashback card it earns on the purchase amount typed first (the field is always there:
 * the card's kind is known only once it is scanned), and the result offers the card's redeems.
 * The camera reads one card at a time: after a read it shows the result and waits for "Scan next".
 * The amount and code fields, the code's button and the camera button work from the first paint:
 * what is typed before the page's scripts run is kept, and a code sent or a press of the camera
 * button is replayed once they have (both are form actions). The other buttons stay disabled until
 * then, so none is pressed to no effect.
 */
export function CardScanner({ onOpenCard }: { onOpenCard?: (serial: string) => void } = {}) {
  const t = useTranslations("scanner");
  const split = useTranslations("categories.split");
  const words = useOwnerWords();
  const scan = useScanCard();
  const offline = useOfflineScans();
  const [kept, setKept] = useState(false);
  const hydrated = useHydrated();
  const [camera, setCamera] = useState(false);
  // The camera has read a card and waits for "Scan next".
  const [held, setHeld] = useState(false);
  const [code, setCode] = useState("");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  // The purchase split by category (points and cashback programmes earn each part at its rule).
  const [splitting, setSplitting] = useState(false);
  const [rows, setRows] = useState<SplitLine[]>([]);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const details = useDashboardDetails();
  const splits = (details.data?.programmes ?? []).some((kind) => webKind(kind).multiplies);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A voucher redeemed by its code: shown in the last-scan box until the next card scan.
  const [voucher, setVoucher] = useState<VoucherOutcome | null>(null);
  const stored = useStoredScan();
  useTypedEarly("scan-amount", setAmount);
  useTypedEarly("scan-code", setCode);
  const shown: Outcome | null =
    outcome ?? (stored && { ok: true, message: t("lastScan"), result: stored, live: false });

  // Set as a scan starts, not on the next render: two submits React replays together (Enter pressed
  // twice before the scripts ran) or a camera read during the rules' loading start one scan.
  const sending = useRef(false);

  /** Scans the card `text` on the purchase `typedAmount` (the amount field's, unless the form's own). */
  async function send(text: string, typedAmount = amount) {
    if (sending.current) return;
    sending.current = true;
    try {
      await scanCard(text, typedAmount);
    } finally {
      sending.current = false;
    }
  }

  async function scanCard(text: string, typedAmount: string) {
    const purchase = typedAmount.trim();
    setAmountError(null);
    setLineErrors({});
    setVoucher(null);
    // The contract's own rule, before anything is sent (the currency's decimals are the server's to check).
    const rules = await loadScanRules().catch(() => null);
    const typed = purchase && rules ? rules.amountField.safeParse(purchase) : null;
    if (typed && !typed.success) {
      const message = typed.error.issues[0]?.message ?? t("checkAmount");
      setAmountError(message);
      setOutcome({ ok: false, message });
      return;
    }
    const sentRows = splitting ? rows.filter((row) => scanLines([row]).length > 0) : [];
    const badLines = Object.fromEntries(
      sentRows.flatMap((row) => {
        const line = rules?.amountField.safeParse(row.amount.trim());
        return line && !line.success ? [[row.key, line.error.issues[0]?.message ?? t("checkAmount")]] : [];
      }),
    );
    if (Object.keys(badLines).length > 0) {
      setLineErrors(badLines);
      setOutcome({ ok: false, message: Object.values(badLines)[0]! });
      return;
    }
    const lines = scanLines(sentRows);
    if (lines.length > 0 && !purchase) {
      setAmountError(split("needAmount"));
      setOutcome({ ok: false, message: split("needAmount") });
      return;
    }
    // Its Idempotency-Key is made now, once: every later try of this scan sends the same.
    const made = queuedScan(text, purchase ? { amount: purchase, lines } : undefined);
    const keepIt = async () => {
      try {
        await offline.keep(made);
      } catch (error) {
        // The device refused to store it (storage full or disabled): say so, as for any failure.
        setOutcome({ ok: false, message: failureText(error) });
        return;
      }
      setKept(true);
      setOutcome(null);
      setCode("");
      clearPurchase();
    };
    setKept(false);
    // Offline, or scans already waiting: this one joins the queue behind them (they arrive in order).
    if (!navigator.onLine || offline.waiting > 0) return keepIt();
    try {
      const res = await scan.mutateAsync(made);
      remember(res.data);
      setOutcome({ ok: true, live: true, message: res.message, result: res.data });
      setCode("");
      // The amount was this customer's purchase: the next one types their own.
      clearPurchase();
    } catch (error) {
      // Not reached (or its answer lost): kept with its key, sent again when the server is back.
      if (error instanceof ApiError && shouldKeep(error.status)) return keepIt();
      const message = failureText(error);
      if (error instanceof ApiError && error.errors.amount) setAmountError(error.errors.amount[0] ?? message);
      // A line the server refused ("lines.1.amount"): its message beside that row.
      if (error instanceof ApiError) {
        const refused = Object.entries(error.errors).flatMap(([key, messages]) => {
          const row = /^lines\.(\d+)\./.exec(key) && sentRows[Number(key.split(".")[1])];
          return row ? [[row.key, messages[0] ?? message] as const] : [];
        });
        if (refused.length > 0) setLineErrors(Object.fromEntries(refused));
      }
      // A pass with no visits left: the staff sell visits for it here.
      const serial = rules?.cardSerial.safeParse(text);
      const sellTo =
        error instanceof ApiError && error.code === "no_visits_left" && serial?.success ? serial.data : undefined;
      setOutcome({ ok: false, message, ...(sellTo && { sellTo }) });
    }
  }

  const clearSplit = () => {
    setSplitting(false);
    setRows([]);
    setLineErrors({});
  };

  function clearPurchase() {
    setAmount("");
    clearSplit();
  }

  const redeemed = (next: Outcome) => {
    if (next.ok) remember(next.result);
    setOutcome(next);
  };

  /**
   * The typed-code form's action, with the fields as they were when it was sent: a code typed and
   * sent with Enter before the page's scripts ran (a barcode reader at the counter types both at
   * once) is kept by React and sent once they have.
   */
  const submit = (form: FormData) => {
    const typed = String(form.get("code") ?? "").trim();
    if (typed) {
      void send(typed, String(form.get("amount") ?? ""));
    } else {
      // Enter in the amount field: the card's code comes next.
      document.getElementById("scan-code")?.focus();
    }
  };

  /** The camera's read: taken unless a scan is still on its way (the camera then keeps looking). */
  const read = (text: string) => {
    if (sending.current) return false;
    setHeld(true);
    void send(text);
    return true;
  };

  const stopCamera = () => {
    setCamera(false);
    setHeld(false);
  };

  const result: ReactNode =
    kept && offline.waiting > 0 ? (
      <p className="scan-kept" data-testid="scan-kept">
        {t("queue.kept")}
      </p>
    ) : voucher ? (
      <VoucherResult outcome={voucher} />
    ) : (
      shown && <ResultPanel outcome={shown} onOpenCard={onOpenCard} onRedeemed={redeemed} />
    );

  return (
    <section
      className="card form-card"
      aria-labelledby="scanner-title"
      onFocus={() => void loadScanRules().catch(() => undefined)}
    >
      <h2 id="scanner-title">{t("title")}</h2>
      <AmountField
        id="scan-amount"
        name="amount"
        form="scan-form"
        className="field scan-amount"
        label={t("amountLabel")}
        hint={words("amountHint")}
        placeholder="12.50"
        value={amount}
        error={amountError}
        onChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
      />
      {splits &&
        (splitting ? (
          <div className="scan-split">
            <CategorySplit rows={rows} onRows={setRows} total={amount} errors={lineErrors} />
            <button type="button" className="btn btn-secondary btn-small" onClick={clearSplit}>
              {split("close")}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-small scan-split-open"
            disabled={!hydrated}
            onClick={() => {
              setSplitting(true);
              setRows([newLine([])]);
            }}
          >
            {split("open")}
          </button>
        ))}
      {camera ? (
        <div className="camera-block">
          <CameraScanner
            reading={!held}
            onCode={read}
            onError={() => {
              stopCamera();
              setOutcome({ ok: false, message: t("cameraUnavailable") });
            }}
            label={t("cameraView")}
          />
          <p className={`camera-status${held ? " held" : ""}`} role="status">
            {held ? t("cameraRead") : t("cameraLooking")}
          </p>
          {result}
          <div className="camera-actions">
            {held && (
              <Button type="button" busy={scan.isPending} onClick={() => setHeld(false)}>
                {t("scanNext")}
              </Button>
            )}
            <Button type="button" variant="secondary" onClick={stopCamera}>
              {t("cameraStop")}
            </Button>
          </div>
        </div>
      ) : (
        // A form action, so a press before the page's scripts run is kept by React and replayed
        // once they have: the button works from the moment it is on screen.
        <form action={() => setCamera(true)}>
          <Button type="submit" id="scan-camera" replayed>
            {t("cameraStart")}
          </Button>
        </form>
      )}
      <form id="scan-form" className="form scan-manual" action={submit} noValidate>
        <div className="field">
          <label htmlFor="scan-code">{t("codeLabel")}</label>
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
        <Button type="submit" busy={scan.isPending} variant="secondary" replayed>
          {words("scanSubmit")}
        </Button>
      </form>
      <VoucherRedeemForm onOutcome={setVoucher} />
      <OfflineQueue
        waiting={offline.waiting}
        sending={offline.sending}
        answers={offline.answers}
        onSend={() => void offline.flush()}
      />
      {!camera && result}
    </section>
  );
}
