import { sql, type SQL } from "drizzle-orm";
import type { RewardKind } from "../../../contract/rewards";
import type { Db, Database } from "../db/client";

/**
 * Stamps made through a QR code, as its counter screens see them: the stamping
 * transaction NOTIFYs on commit, every API instance LISTENs on one connection and hands each
 * payload to the screens of that QR code connected to it. Works across API instances on
 * PostgreSQL. The same channel carries closed doors: a
 * revoked device link or token, a removed staff member, a deleted QR code or account names its
 * users, and every instance has the screens opened by or for them check their access again.
 */
export const COUNTER_CHANNEL = "counter_stamps";

/** What a counter screen shows of a stamp: no name or serial (the screen faces the shop). */
export type CounterStamp = {
  qr_id: number;
  action: "join" | "stamp";
  stamps: number;
  stamps_required: number | null;
  /**
   * The programme's kind and the balance in its own terms ("340 points — 60 to Free
   * lunch"). The stream writes them (counter-screen.ts) when the notification came without them.
   */
  kind?: RewardKind;
  balance_text?: string;
  at: string;
};

/** Inside the stamping transaction: delivered to the listeners when (and only if) it commits. */
export async function notifyCounter(tx: Db, stamp: Omit<CounterStamp, "at">) {
  await tx.execute(sql`select ${notifyCounterSql(stamp)}`);
}

/** The same notification as an expression, for a statement that makes the stamp itself. */
export function notifyCounterSql(stamp: Omit<CounterStamp, "at">): SQL {
  return sql`pg_notify(${COUNTER_CHANNEL}, ${JSON.stringify({ ...stamp, at: new Date().toISOString() })})`;
}

/** Inside the transaction that closes a door: the screens of these users check again once it commits. */
export async function notifyDoorClosed(tx: Db, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`select pg_notify(${COUNTER_CHANNEL}, ${JSON.stringify({ closed: userIds })})`);
}

export type CounterFeed = {
  /** Calls `onStamp` for each stamp through this QR code until the returned function is called. */
  subscribe(qrId: number, onStamp: (stamp: CounterStamp) => void): Promise<() => void>;
  /** Calls `onClosed` when a door of one of these users closes, until the returned function is called. */
  watchDoors(userIds: number[], onClosed: () => void): Promise<() => void>;
  close(): Promise<void>;
};

/** Callbacks by key; a key's set goes when its last callback does. */
function registry<T>() {
  const map = new Map<number, Set<T>>();
  return {
    get: (key: number) => map.get(key) ?? [],
    add(key: number, value: T) {
      const set = map.get(key) ?? new Set();
      set.add(value);
      map.set(key, set);
      return () => {
        set.delete(value);
        if (set.size === 0) map.delete(key);
      };
    },
    clear: () => map.clear(),
  };
}

export function createCounterFeed(database: Pick<Database, "listen">, log: { warn(msg: string): void }): CounterFeed {
  const screens = registry<(stamp: CounterStamp) => void>();
  const doors = registry<() => void>();
  let listening: Promise<() => Promise<void>> | null = null;
  const dispatch = (payload: string) => {
    try {
      const message = JSON.parse(payload) as CounterStamp | { closed: number[] };
      if ("closed" in message) {
        // A screen watching several of the named users checks once.
        const watchers = new Set(message.closed.flatMap((userId) => [...doors.get(userId)]));
        for (const onClosed of watchers) onClosed();
        return;
      }
      for (const screen of screens.get(message.qr_id)) screen(message);
    } catch {
      log.warn("counter feed: a payload that is not ours");
    }
  };
  // One LISTEN per instance, opened by the first screen.
  const listen = () =>
    (listening ??= database.listen(COUNTER_CHANNEL, dispatch).catch((error: unknown) => {
      listening = null;
      throw error;
    }));
  return {
    async subscribe(qrId, onStamp) {
      await listen();
      return screens.add(qrId, onStamp);
    },
    async watchDoors(userIds, onClosed) {
      await listen();
      const stops = [...new Set(userIds)].map((userId) => doors.add(userId, onClosed));
      return () => stops.forEach((stop) => stop());
    },
    async close() {
      const stop = listening && (await listening.catch(() => null));
      listening = null;
      screens.clear();
      doors.clear();
      if (stop) await stop();
    },
  };
}
