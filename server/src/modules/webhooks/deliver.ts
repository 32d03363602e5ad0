import { and, eq, isNull, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/client";
import { notifications, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { childJobId, type Jobs } from "../../services/jobs";
import type { Attempt, DeliveryQueue, WebhookDeps } from "./deps";
import { sendWebhook } from "./send";

/**
 * Waits before each retry: exponential, about 3 days in all (75.6 h), so 10 attempts. The
 * Standard Webhooks schedule, stretched to about 3 days of retries.
 */
export const RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
];
/** An endpoint failing this long without a single success is turned off and its owner told. */
export const DISABLE_AFTER_DAYS = 5;

/** Writes the job of an attempt; retries take an id of their own attempt, so a rerun writes one. */
export function enqueueAttempt(queue: DeliveryQueue, tx: Db, attempt: Attempt, startAfterSeconds?: number) {
  return queue.enqueue(tx, attempt, {
    ...(startAfterSeconds && { startAfterSeconds }),
    ...(!attempt.manual && { id: childJobId(`webhook-delivery-${attempt.deliveryId}`, attempt.attempt) }),
  });
}

async function load(db: Db, deliveryId: number) {
  const [row] = await db
    .select({ d: webhookDeliveries, e: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

/** Standard Webhooks' headers: the id of the delivery (every attempt), this attempt's time, its signature. */
export function signedHeaders(secret: string, webhookId: string, payload: string, at = new Date()) {
  return {
    "webhook-id": webhookId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(webhookId, at, payload),
  };
}

/** The delivery job: send, record the answer, schedule the next attempt or give up. */
export function registerDelivery(jobs: Jobs, deps: Pick<WebhookDeps, "db" | "config">): DeliveryQueue {
  const queue: DeliveryQueue = jobs.work<Attempt>("webhook-deliver", (attempt) => deliverAttempt(deps, queue, attempt));
  return queue;
}

/** One attempt: send, record the answer, write the next attempt's job or give up. */
export async function deliverAttempt(
  { db, config }: Pick<WebhookDeps, "db" | "config">,
  queue: DeliveryQueue,
  job: Attempt,
) {
  const row = await load(db, job.deliveryId);
  if (!row || row.d.status !== "pending" || row.d.attempts !== job.attempt - 1) return;
  const { d, e } = row;
  if (e.disabledAt && !job.manual) {
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", nextAttemptAt: null, lastError: "The endpoint is turned off." })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, d.attempts)));
    return;
  }
  const result = await sendWebhook(
    e.url,
    d.payload,
    signedHeaders(e.secret, d.webhookId, d.payload),
    config.webhooksAllowLoopback,
  );
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const delay = ok ? undefined : RETRY_DELAYS_SECONDS[job.attempt - 1];
  await db.transaction(async (tx) => {
    const recorded = await tx
      .update(webhookDeliveries)
      .set({
        attempts: job.attempt,
        status: ok ? "delivered" : delay === undefined ? "failed" : "pending",
        nextAttemptAt: delay === undefined ? null : sql`now() + make_interval(secs => ${delay})`,
        lastStatusCode: result.statusCode,
        lastDurationMs: result.durationMs,
        lastError: result.error,
        ...(ok && { deliveredAt: sql`now()` }),
      })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, job.attempt - 1)))
      .returning({ id: webhookDeliveries.id });
    // Another job recorded this attempt first: its outcome stands.
    if (recorded.length === 0) return;
    if (ok) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null, disabledAt: null })
        .where(eq(webhookEndpoints.id, e.id));
      return;
    }
    if (delay !== undefined) await enqueueAttempt(queue, tx, { deliveryId: d.id, attempt: job.attempt + 1 }, delay);
    await noteFailure(tx, e.id, e.userId, e.url);
  });
}

/**
 * A failed attempt: the endpoint's run of failures starts now (or goes on); one that has run
 * DISABLE_AFTER_DAYS is turned off, once, and the owner's feed says so in the same transaction.
 */
async function noteFailure(tx: Db, endpointId: number, ownerId: number, url: string) {
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, endpointId));
  const disabled = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.failingSince} <= now() - make_interval(days => ${DISABLE_AFTER_DAYS})`,
      ),
    )
    .returning({ id: webhookEndpoints.id });
  if (disabled.length === 0) return;
  await tx
    .insert(notifications)
    .values({ userId: ownerId, kind: "webhook_disabled", title: "Webhook turned off", details: { url } });
}
