import { and, arrayContains, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { claimEffect } from "../../services/effects";
import type { DomainEvent } from "../../services/events";
import { childJobId, type JobInfo } from "../../services/jobs";
import { enqueueAttempt } from "./deliver";
import type { DeliveryQueue, WebhookDeps } from "./deps";
import { dataOf, payloadOf, publicEventOf, WEBHOOK_DOMAIN_EVENTS } from "./payload";

/** A Standard Webhooks message id: `msg_` and 32 hex digits. */
export const newWebhookId = (seed: string) => `msg_${seed.replace(/-/g, "")}`;

/**
 * One domain event to the owner's endpoints that hear its public type: a delivery row and its
 * first attempt's job per endpoint, in one transaction. The event's job (the outbox entry, written
 * in the change's transaction) is `job`: each delivery claims (job, endpoint) in job_effects, so
 * the event delivered to this listener twice makes each delivery once.
 */
export async function fanOut(db: Db, queue: DeliveryQueue, e: DomainEvent, job: JobInfo) {
  const type = publicEventOf(e);
  if (!type) return;
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.userId, e.ownerId),
        isNull(webhookEndpoints.disabledAt),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
  if (endpoints.length === 0) return;
  const payload = payloadOf(type, await dataOf(db, e));
  await db.transaction(async (tx) => {
    for (const endpoint of endpoints) {
      if (!(await claimEffect(tx, { kind: "webhook", source: job.id }, endpoint.id))) continue;
      const [delivery] = await tx
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint.id,
          webhookId: newWebhookId(childJobId(job.id, endpoint.id)),
          eventType: type,
          payload,
        })
        .returning({ id: webhookDeliveries.id });
      await enqueueAttempt(queue, tx, { deliveryId: delivery!.id, attempt: 1 });
    }
  });
}

export function registerFanOut(app: FastifyInstance, { db, deliveries }: Pick<WebhookDeps, "db" | "deliveries">) {
  app.events.on(WEBHOOK_DOMAIN_EVENTS, "webhooks", (e, job) => fanOut(db, deliveries, e, job), {
    // Most owners have no endpoint: their stamps write no webhook job at all.
    when: (event) => sql`exists (select 1 from ${webhookEndpoints} w
      where w.user_id = (${event}->>'ownerId')::int and w.disabled_at is null)`,
  });
}
