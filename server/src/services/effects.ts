import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobEffects } from "../db/schema";

/**
 * Exactly-once effects of background jobs. pg-boss delivers a job at least once: a job
 * whose worker died after the handler committed, but before pg-boss marked it done, runs again.
 * Every job therefore keys what it does by (kind, source, target) in `job_effects`:
 *
 * - `kind`: what the effect is ("feed", "push-owner", "apns", …), one per job kind;
 * - `source`: the event it stems from: the root job's id (a job and all its pages share it);
 * - `target`: what it reaches: a device token, a card, a page.
 *
 * Effects that are rows (a feed entry, the next page of a chain) claim their key in the same
 * transaction that writes them (`claimEffect`): exactly once. Effects outside the database (a push,
 * a PATCH, a mail) are filtered by `effectsToDo` before and recorded by `recordEffects` right after
 * they were accepted: a rerun after the handler finished repeats nothing; only a crash between the
 * provider's answer and the record can repeat the one send in flight (at least once, never more).
 */
export type EffectKey = { kind: string; source: string };

/** Claims one effect in `tx`: true the first time, false when it was done already. */
export async function claimEffect(tx: Db, key: EffectKey, target: string | number): Promise<boolean> {
  const rows = await tx
    .insert(jobEffects)
    .values({ ...key, target: String(target) })
    .onConflictDoNothing()
    .returning({ target: jobEffects.target });
  return rows.length > 0;
}

/** Of these targets, the ones this effect has not reached yet (in their order). */
export async function effectsToDo<T extends string | number>(
  db: Db,
  key: EffectKey,
  targets: readonly T[],
): Promise<T[]> {
  if (targets.length === 0) return [];
  const done = await db
    .select({ target: jobEffects.target })
    .from(jobEffects)
    .where(
      and(
        eq(jobEffects.kind, key.kind),
        eq(jobEffects.source, key.source),
        inArray(
          jobEffects.target,
          targets.map((t) => String(t)),
        ),
      ),
    );
  const reached = new Set(done.map((r) => r.target));
  return targets.filter((t) => !reached.has(String(t)));
}

/** Records that the effect reached these targets (one statement; already recorded ones stay). */
export async function recordEffects(db: Db, key: EffectKey, targets: readonly (string | number)[]): Promise<void> {
  if (targets.length === 0) return;
  await db
    .insert(jobEffects)
    .values(targets.map((t) => ({ ...key, target: String(t) })))
    .onConflictDoNothing();
}

/**
 * Runs an effect outside the database once per (key, target): skipped when recorded, recorded
 * when `send` resolves. A throwing `send` records nothing, so the job's retry tries it again.
 */
export async function onceOutside(db: Db, key: EffectKey, target: string | number, send: () => Promise<unknown>) {
  if ((await effectsToDo(db, key, [target])).length === 0) return;
  await send();
  await recordEffects(db, key, [target]);
}
