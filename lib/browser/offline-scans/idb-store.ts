import "client-only";
import type { QueuedScan, ScanStore } from "./queue";

const DB_NAME = "staff-scanner";
const STORE = "queued-scans";

/** One request's result as a promise. */
const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    // Auto-increment keys keep the order scans were made in (getAll answers in key order).
    request.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
  };
  return done(request);
}

/**
 * The offline queue in IndexedDB: it survives a reload, a closed tab and a restarted phone.
 * Each call opens its own short transaction (a scan is a few a minute at most).
 */
export function indexedDbStore(): ScanStore {
  let db: Promise<IDBDatabase> | null = null;
  const store = async (mode: IDBTransactionMode) => {
    db ??= open();
    return (await db).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    all: async () => done((await store("readonly")).getAll() as IDBRequest<QueuedScan[]>),
    add: async (scan) => {
      // The store numbers it: a seq brought along would take another scan's place.
      const fields: QueuedScan = { ...scan };
      delete fields.seq;
      await done((await store("readwrite")).add(fields));
    },
    remove: async (scan) => {
      if (scan.seq !== undefined) await done((await store("readwrite")).delete(scan.seq));
    },
  };
}
