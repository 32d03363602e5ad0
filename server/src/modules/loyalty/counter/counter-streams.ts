import { and, count, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { counterStreams } from "../../../db/schema";
import { tooManyRequests } from "../../../http/errors";
import { sentence } from "../../../i18n/sentence";

/**
 * How many counter-events streams one session or tablet may hold open at once, on all API
 * instances together: a screen needs one, a reload or a second tab a few more.
 */
export const STREAMS_PER_HOLDER = 5;
/** A stream's lease: three heartbeats, so one missed renewal does not drop it. */
export const LEASE_SECONDS = 45;

const TOO_MANY = sentence("counter.tooManyScreens", { count: STREAMS_PER_HOLDER });

/** Counts a new stream for its holder, or answers 429 when it holds STREAMS_PER_HOLDER already. */
export async function takeLease(db: Db, holder: string): Promise<number> {
  return db.transaction(async (tx) => {
    // One holder's opens in turn, on every instance: two at once cannot both take the fifth place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`counter-streams:${holder}`}))`);
    await tx
      .delete(counterStreams)
      .where(and(eq(counterStreams.holder, holder), lte(counterStreams.leaseUntil, sql`now()`)));
    const [held] = await tx.select({ n: count() }).from(counterStreams).where(eq(counterStreams.holder, holder));
    if (Number(held!.n) >= STREAMS_PER_HOLDER) throw tooManyRequests(LEASE_SECONDS, TOO_MANY);
    const [row] = await tx
      .insert(counterStreams)
      .values({ holder, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .returning({ id: counterStreams.id });
    return row!.id;
  });
}

export async function renewLeases(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(counterStreams)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(inArray(counterStreams.id, ids));
}

export async function endLease(db: Db, id: number) {
  await db.delete(counterStreams).where(eq(counterStreams.id, id));
}
