import { inArray } from "drizzle-orm";
import { applePassRegistrations } from "../../db/schema";
import { effectsToDo, recordEffects } from "../../services/effects";
import { recordChannelOutcomes, type CardOutcome } from "../notifications/figures";
import { isDeadToken, type PushOutcome } from "./apns";
import type { ApplePassUpdateDeps } from "./service";

/**
 * Pushes the phones holding these cards' passes, once each for the job `source` (its id);
 * `messageId`: the message these passes now carry, whose pass figures count what APNs answered;
 * `lastAttempt`: the job's last try (its phones APNs still refuses for now are then given up).
 */
export type PushCards = (cardIds: number[], source: string, messageId?: number, lastAttempt?: boolean) => Promise<void>;

/**
 * Wallet's content-free push to every phone holding one of these cards' passes, one per phone per
 * job: each push token reached is an effect keyed by the pushing job's id, so a job run
 * again (redelivered, or retried after some pushes failed) pushes only the phones it has not
 * reached. A push APNs refuses for now throws, and pg-boss retries the job for those phones alone;
 * on the job's last try, a card none of whose phones took the message gets a `failed` row for it
 * (`unreachable`).
 */
export function cardPusher({ db, apns }: ApplePassUpdateDeps): PushCards {
  return async (cardIds, source, messageId, lastAttempt = false) => {
    const key = { kind: "apns", source };
    const rows = await db
      .select({ pushToken: applePassRegistrations.pushToken, cardId: applePassRegistrations.cardId })
      .from(applePassRegistrations)
      .where(inArray(applePassRegistrations.cardId, cardIds));
    const outcomes = await apns.push(await effectsToDo(db, key, [...new Set(rows.map((r) => r.pushToken))]));
    // Delivered, or refused for good (the token is gone): neither is pushed again for this job.
    const dead = outcomes.filter(isDeadToken).map((o) => o.pushToken);
    const delivered = outcomes.filter((o) => o.status === 200).map((o) => o.pushToken);
    if (messageId !== undefined) {
      await recordChannelOutcomes(db, messageId, "pass", passOutcomes(rows, outcomes, lastAttempt));
    }
    await recordEffects(db, key, [...delivered, ...dead]);
    if (dead.length > 0) {
      await db.delete(applePassRegistrations).where(inArray(applePassRegistrations.pushToken, dead));
    }
    const failed = outcomes.filter((o) => o.status !== 200 && !isDeadToken(o));
    if (failed.length > 0) {
      const detail = failed.map((o) => `${o.status}${o.reason ? ` ${o.reason}` : ""}`).join(", ");
      throw new Error(`APNs refused ${failed.length} of ${outcomes.length} pushes: ${detail}`);
    }
  };
}

/**
 * Each card's devices this run pushed: APNs took it, or said the device is gone (`unregistered`).
 * A push refused for now is left out, as the job's retry pushes that device again and counts it
 * then; on the last try it is `unreachable`. A device an earlier run reached was counted by that run.
 */
const passOutcomes = (
  rows: { pushToken: string; cardId: number }[],
  outcomes: PushOutcome[],
  lastAttempt: boolean,
): CardOutcome[] => {
  const answers = new Map(outcomes.map((o) => [o.pushToken, o]));
  return rows.flatMap((row): CardOutcome[] => {
    const answer = answers.get(row.pushToken);
    if (!answer) return [];
    if (answer.status === 200) return [{ cardId: row.cardId, took: true }];
    if (isDeadToken(answer)) return [{ cardId: row.cardId, took: false, reason: "unregistered" }];
    return lastAttempt ? [{ cardId: row.cardId, took: false, reason: "unreachable" }] : [];
  });
};
