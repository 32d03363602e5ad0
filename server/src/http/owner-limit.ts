import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What an owner holds a limited number of; each has its own lock. */
export type LimitedResource = "api-keys" | "webhook-endpoints" | "businesses" | "addresses";

/**
 * Runs `work` in a transaction that holds the owner's lock on `resource` (a transaction-scoped
 * advisory lock, on every API instance): one owner's adds of one resource run one after another,
 * so a count taken inside sees every earlier add committed, and two adds at once cannot both take
 * the last place. Other owners, and other resources, do not wait. Every limited add goes through
 * here (directly, or through `addWithinLimit`).
 */
export async function underOwnerLock<T>(
  db: Db,
  ownerId: number,
  resource: LimitedResource,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // The two-key form: (resource, owner), apart from the one-key locks used elsewhere.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${resource}), ${ownerId}::int)`);
    return work(tx);
  });
}

/**
 * Count then insert under the owner's lock: `insert` runs only while `count` is below `max`,
 * else `refuse()` is thrown and nothing is written.
 */
export async function addWithinLimit<T>(
  db: Db,
  limit: {
    ownerId: number;
    resource: LimitedResource;
    max: number;
    count: (tx: Tx) => Promise<number>;
    refuse: () => Error;
  },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return underOwnerLock(db, limit.ownerId, limit.resource, async (tx) => {
    if ((await limit.count(tx)) >= limit.max) throw limit.refuse();
    return insert(tx);
  });
}
