import "client-only";
/**
 * The staff scanner's offline queue: a scan that cannot reach the server is kept,
 * with the Idempotency-Key it was made with, and sent again in order once the network is back.
 * Sending one twice (its answer lost on the way) stamps once: the server replays the first answer
 * for the key. Storage and sending are given, so the rules here are tested without a browser.
 */

/** One scan as kept: what was scanned, the key made for it once, and when. */
export type QueuedScan = {
  /** The store's own order (IndexedDB's auto-increment); absent before it is stored. */
  seq?: number;
  key: string;
  code: string;
  amount?: string;
  /** The staff's split of `amount` by product category. */
  lines?: ScanLine[];
  queued_at: string;
};

/** A part of a purchase's amount that one product category's products made. */
export type ScanLine = { product_category_id: number; amount: string };

export type ScanStore = {
  /** Every kept scan, oldest first. */
  all(): Promise<QueuedScan[]>;
  add(scan: QueuedScan): Promise<void>;
  remove(scan: QueuedScan): Promise<void>;
};

/**
 * What sending one scan came to: an answer (stamped, redeemed or refused: it is final and shown),
 * or `keep` when the server was not reached or cannot answer now (it stays, and the rest wait
 * behind it so scans arrive in the order they were made).
 */
export type Sent<A> = { answer: A } | { keep: true };

/**
 * Failures after which the scan is kept: no network (0), the web or API server away (502–504),
 * the same key still running elsewhere (409), rate limited (429), or the session ended (401:
 * staff signs in again and nothing is lost). Any other status is the server's answer to the scan.
 */
export const KEEP_STATUSES: ReadonlySet<number> = new Set([0, 401, 409, 429, 502, 503, 504]);

export const shouldKeep = (status: number) => KEEP_STATUSES.has(status);

/**
 * An Idempotency-Key for one scan: made once, before the first try, and kept with it. From
 * getRandomValues, which (unlike randomUUID) a page served over plain http on a shop's LAN has too.
 */
export function newScanKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `scan-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function queuedScan(
  code: string,
  purchase: string | { amount: string; lines?: ScanLine[] } | undefined,
  now = new Date(),
): QueuedScan {
  const { amount, lines } = typeof purchase === "string" ? { amount: purchase, lines: undefined } : (purchase ?? {});
  return {
    key: newScanKey(),
    code,
    ...(amount ? { amount } : {}),
    ...(amount && lines?.length ? { lines } : {}),
    queued_at: now.toISOString(),
  };
}

/**
 * The queue over a store: `add` keeps a scan, `flush` sends the kept ones oldest first and stops at
 * the first that must be kept. One flush runs at a time (the `online` event and a page load may
 * both ask): a second call while one runs gets the running one, which then tries once more if it
 * stopped at a scan it had to keep (the connection may have come back while it ran: that `online`
 * event must not be lost until the next timed retry).
 */
export function scanQueue<A>(store: ScanStore, send: (scan: QueuedScan) => Promise<Sent<A>>) {
  let running: Promise<{ answered: number; left: number }> | null = null;
  let askedAgain = false;

  async function run(onAnswer: (scan: QueuedScan, answer: A) => void) {
    let answered = 0;
    // The head of the queue each time: a scan kept while this runs is sent by this run too.
    for (let scan = (await store.all())[0]; scan; scan = (await store.all())[0]) {
      const sent = await send(scan);
      if ("keep" in sent) return { answered, left: (await store.all()).length };
      // Removed before it is shown: a reload now cannot send it again (and if it did, the key
      // would make the server answer the same).
      await store.remove(scan);
      answered++;
      onAnswer(scan, sent.answer);
    }
    return { answered, left: 0 };
  }

  return {
    add: (scan: QueuedScan) => store.add(scan),
    count: async () => (await store.all()).length,
    flush(onAnswer: (scan: QueuedScan, answer: A) => void) {
      if (running) {
        askedAgain = true;
        return running;
      }
      running = (async () => {
        let answered = 0;
        let left: number;
        do {
          askedAgain = false;
          const round = await run(onAnswer);
          answered += round.answered;
          left = round.left;
        } while (askedAgain && left > 0);
        return { answered, left };
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

/** A store in memory: the tests', and the scanner's when IndexedDB is not there (private modes). */
export function memoryStore(): ScanStore {
  let items: QueuedScan[] = [];
  let seq = 0;
  return {
    all: async () => [...items],
    add: async (scan) => {
      items.push({ ...scan, seq: ++seq });
    },
    remove: async (scan) => {
      items = items.filter((item) => item.key !== scan.key);
    },
  };
}
