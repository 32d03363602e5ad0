"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/browser/api-client";
import { indexedDbStore } from "@/lib/browser/offline-scans/idb-store";
import { memoryStore, scanQueue, shouldKeep, type QueuedScan, type Sent } from "@/lib/browser/offline-scans/queue";
import { sendScan, useRefreshScans } from "@/lib/browser/queries/loyalty";
import { failureText } from "./failure-text";
import type { Outcome } from "./scan-result";

/** A kept scan and what the server said when it finally arrived. */
export type QueuedAnswer = { scan: QueuedScan; outcome: Outcome };

/** While scans wait and the browser thinks it is online (the server, not the network, was away). */
const RETRY_MS = 30_000;
/** The answers listed: the last ones (a long offline spell shows its most recent). */
const MAX_ANSWERS = 20;

async function sendKept(scan: QueuedScan): Promise<Sent<Outcome>> {
  try {
    const res = await sendScan(scan);
    return { answer: { ok: true, live: false, message: res.message, result: res.data } };
  } catch (error) {
    if (error instanceof ApiError && shouldKeep(error.status)) return { keep: true };
    return { answer: { ok: false, message: failureText(error) } };
  }
}

/**
 * The offline queue as the scanner uses it: how many scans wait, the answers of those sent, `keep`
 * for a scan that could not be sent, and `flush`, run on load (a retry of what an earlier visit
 * kept), on the browser's `online` event and every half minute while scans wait.
 */
export function useOfflineScans() {
  // No IndexedDB (server render, some private modes): kept in memory for the page's life.
  const [queue] = useState(() =>
    scanQueue(typeof indexedDB === "undefined" ? memoryStore() : indexedDbStore(), sendKept),
  );
  const [waiting, setWaiting] = useState(0);
  const [sending, setSending] = useState(false);
  const [answers, setAnswers] = useState<QueuedAnswer[]>([]);
  // The latest refresh, read when answers arrive: flush itself stays the same function, so the
  // effects below run once rather than on every render.
  const refresh = useRefreshScans();
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  const flush = useCallback(async () => {
    setSending(true);
    try {
      setWaiting(await queue.count());
      const { answered, left } = await queue.flush((scan, outcome) => {
        setWaiting((n) => Math.max(0, n - 1));
        setAnswers((list) => [{ scan, outcome }, ...list].slice(0, MAX_ANSWERS));
      });
      setWaiting(left);
      if (answered > 0) await refreshRef.current();
    } catch {
      // IndexedDB refused (storage full, disabled): what is kept stays kept for the next try.
    } finally {
      setSending(false);
    }
  }, [queue]);

  const keep = useCallback(
    async (scan: QueuedScan) => {
      await queue.add(scan);
      setWaiting(await queue.count());
      void flush();
    },
    [queue, flush],
  );

  useEffect(() => {
    const retry = () => void flush();
    retry();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [flush]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return { waiting, sending, answers, keep, flush };
}
