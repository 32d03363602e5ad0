import { smallint } from "drizzle-orm/pg-core";

/**
 * How many rows a rollup keeps per key (scan_days per business, QR code and day; programme_totals
 * per business). A rollup's row is updated in the transaction of every change it counts, so with
 * one row per key every stamp at a business waited for the row lock of the stamp before it, which
 * is held until that stamp's commit is flushed: the business's stamps queued one flush at a time.
 * A transaction counts in the part of its own id (`txid % ROLLUP_PARTS`): concurrent writes take
 * consecutive ids, so they update different rows, and each transaction still takes at most one
 * row per key, as before (two transactions in one part wait for each other as every two did; a
 * part per counted row would let a transaction that writes twice, a stamp and a referral bonus,
 * hold one part while it waits for a card another holds, which wants that part: a deadlock).
 * Readers sum the parts.
 */
export const ROLLUP_PARTS = 8;

/** The part the counting transaction writes to, in a trigger's SQL. */
export const ROLLUP_PART_SQL = `(txid_current() % ${ROLLUP_PARTS})::smallint`;

/** The column: 0 for the rows counted before rollups had parts. */
export const rollupPart = () => smallint("part").notNull().default(0);
