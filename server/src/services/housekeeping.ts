import { and, lt, notExists, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import {
  apiTokens,
  applePassRegistrations,
  jobEffects,
  applePassTokens,
  counterStreams,
  mailOutbox,
  otps,
  passwordResets,
  paymentEvents,
  rateLimits,
  walletCodes,
} from "../db/schema";
import { tokenIdleCutoff, tokenLastActive } from "../http/auth";
import { pruneIdempotencyKeys } from "../http/idempotency";
import type { Jobs } from "./jobs";

/**
 * How long rows of the tables that only grow are kept.
 * - Pass tokens: a download that no phone registered for updates within 30 days was never added
 *   to Wallet (or was removed); a card with a registered phone keeps all its tokens, since the
 *   phone's token cannot be told apart and a pass's token never changes.
 * - Mail outbox (no SMTP_URL): a development aid; it holds one-time codes in clear.
 * - Stripe events: Stripe retries an event for 3 days; 90 days keeps replays recognised with room.
 * - Job effects: a job is retried for days at most; 30 keeps every late redelivery recognised.
 */
export const RETENTION = {
  applePassTokensDays: 30,
  jobEffectsDays: 30,
  mailOutboxDays: 7,
  paymentEventsDays: 90,
} as const;

const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

/**
 * Deletes rows that can no longer matter: spent rate-limit windows and counter-stream leases
 * (left by an instance that died), codes and reset tokens a day past expiry, API tokens revoked or
 * idle for longer than TOKEN_IDLE_DAYS, Idempotency-Key answers past their 24 hours, and the growing tables past their RETENTION.
 */
export async function prune(db: Db) {
  const dayAgo = sql`now() - interval '1 day'`;
  const count = (rows: unknown[]) => rows.length;
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  const leases = await db
    .delete(counterStreams)
    .where(lt(counterStreams.leaseUntil, sql`now()`))
    .returning({ id: counterStreams.id });
  const codes = await db.delete(otps).where(lt(otps.expiresAt, dayAgo)).returning({ id: otps.id });
  const resets = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, dayAgo))
    .returning({ id: passwordResets.id });
  const tokens = await db
    .delete(apiTokens)
    .where(or(lt(apiTokens.revokedAt, tokenIdleCutoff), lt(tokenLastActive, tokenIdleCutoff)))
    .returning({ id: apiTokens.id });
  const walletCodeRows = await db
    .delete(walletCodes)
    .where(lt(walletCodes.expiresAt, dayAgo))
    .returning({ id: walletCodes.id });
  const passTokens = await db
    .delete(applePassTokens)
    .where(
      and(
        lt(applePassTokens.createdAt, daysAgo(RETENTION.applePassTokensDays)),
        notExists(
          db
            .select({ id: applePassRegistrations.id })
            .from(applePassRegistrations)
            .where(sql`${applePassRegistrations.cardId} = ${applePassTokens.cardId}`),
        ),
      ),
    )
    .returning({ id: applePassTokens.id });
  const mails = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, daysAgo(RETENTION.mailOutboxDays)))
    .returning({ id: mailOutbox.id });
  const events = await db
    .delete(paymentEvents)
    .where(lt(paymentEvents.createdAt, daysAgo(RETENTION.paymentEventsDays)))
    .returning({ id: paymentEvents.id });
  const effects = await db
    .delete(jobEffects)
    .where(lt(jobEffects.createdAt, daysAgo(RETENTION.jobEffectsDays)))
    .returning({ kind: jobEffects.kind });
  const idempotencyKeys = await pruneIdempotencyKeys(db);
  return {
    rateLimits: count(limits),
    counterStreams: count(leases),
    otps: count(codes),
    passwordResets: count(resets),
    apiTokens: count(tokens),
    walletCodes: count(walletCodeRows),
    applePassTokens: count(passTokens),
    mailOutbox: count(mails),
    paymentEvents: count(events),
    jobEffects: count(effects),
    idempotencyKeys,
  };
}

/** Every hour, at minute 17, on one instance however many run (a scheduled job, services/jobs.ts). */
export const HOUSEKEEPING_CRON = "17 * * * *";

export function registerHousekeeping(jobs: Jobs, deps: { db: Db; log: FastifyBaseLogger }) {
  jobs.schedule("housekeeping", HOUSEKEEPING_CRON, async () => {
    const removed = await prune(deps.db);
    deps.log.info({ removed }, "housekeeping");
  });
}
