import { sql } from "drizzle-orm";
import type { Db, Database } from "../db/client";

/**
 * Stamps made through a QR code, as its counter screens see them (issue 15 §1): the stamping
 * transaction NOTIFYs on commit, every API instance LISTENs on one connection and hands each
 * payload to the screens of that QR code connected to it. Works across API instances on
 * PostgreSQL, and in-process on PGlite.
 */
export const COUNTER_CHANNEL = "counter_stamps";

/** What a counter screen shows of a stamp: no name or serial (the screen faces the shop). */
export type CounterStamp = {
  qr_id: number;
  action: "join" | "stamp";
  stamps: number;
  stamps_required: number | null;
  at: string;
};

/** Inside the stamping transaction: delivered to the listeners when (and only if) it commits. */
export async function notifyCounter(tx: Db, stamp: Omit<CounterStamp, "at">) {
  await tx.execute(
    sql`select pg_notify(${COUNTER_CHANNEL}, ${JSON.stringify({ ...stamp, at: new Date().toISOString() })})`,
  );
}

export type CounterFeed = {
  /** Calls `onStamp` for each stamp through this QR code until the returned function is called. */
  subscribe(qrId: number, onStamp: (stamp: CounterStamp) => void): Promise<() => void>;
  close(): Promise<void>;
};

export function createCounterFeed(database: Pick<Database, "listen">, log: { warn(msg: string): void }): CounterFeed {
  const screens = new Map<number, Set<(stamp: CounterStamp) => void>>();
  let listening: Promise<() => Promise<void>> | null = null;
  const dispatch = (payload: string) => {
    try {
      const stamp = JSON.parse(payload) as CounterStamp;
      for (const screen of screens.get(stamp.qr_id) ?? []) screen(stamp);
    } catch {
      log.warn("counter feed: a payload that is not ours");
    }
  };
  return {
    async subscribe(qrId, onStamp) {
      // One LISTEN per instance, opened by the first screen.
      listening ??= database.listen(COUNTER_CHANNEL, dispatch).catch((error: unknown) => {
        listening = null;
        throw error;
      });
      await listening;
      const set = screens.get(qrId) ?? new Set();
      set.add(onStamp);
      screens.set(qrId, set);
      return () => {
        set.delete(onStamp);
        if (set.size === 0) screens.delete(qrId);
      };
    },
    async close() {
      const stop = listening && (await listening.catch(() => null));
      listening = null;
      screens.clear();
      if (stop) await stop();
    },
  };
}
