import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { calls } from "../../../../contract/calls";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookWithSecret,
} from "../../../../contract/webhooks";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { addWithinLimit, type Tx } from "../../http/owner-limit";
import { paginate } from "../../http/paginate";
import type { Context } from "../../http/route";
import { sentence, verbatim } from "../../i18n/sentence";
import { BlockedAddressError, resolveTarget } from "../../services/ssrf";
import { enqueueAttempt } from "./deliver";
import type { WebhookDeps } from "./deps";
import { newWebhookId } from "./fan-out";
import { payloadOf } from "./payload";

const NO_ENDPOINT = "webhooks.notFound";

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const endpointOf = (e: EndpointRow): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEvent[],
  disabled_at: e.disabledAt?.toISOString() ?? null,
  failing_since: e.failingSince?.toISOString() ?? null,
  created_at: e.createdAt.toISOString(),
});
const withSecret = (row: EndpointRow): WebhookWithSecret => ({ ...endpointOf(row), secret: row.secret });

const own = (ownerId: number, id: number) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ownerId));

async function ownEndpoint(db: Db, ownerId: number, id: number) {
  const [row] = await db.select().from(webhookEndpoints).where(own(ownerId, id)).limit(1);
  if (!row) throw notFound(NO_ENDPOINT);
  return row;
}

/** A new endpoint of the owner, at a public address (or loopback where allowed), within the cap. */
export async function addEndpoint(
  { db, config }: Pick<WebhookDeps, "db" | "config">,
  ownerId: number,
  body: Context<typeof calls.webhookAdd>["body"],
): Promise<WebhookWithSecret> {
  try {
    await resolveTarget(new URL(body.url).hostname, config.webhooksAllowLoopback);
  } catch (error) {
    if (error instanceof BlockedAddressError) throw invalid("url", verbatim(error.message));
    throw error;
  }
  const limit = {
    ownerId,
    resource: "webhook-endpoints" as const,
    max: MAX_WEBHOOK_ENDPOINTS,
    count: async (tx: Tx) =>
      (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, ownerId)))[0]!.n,
    refuse: () => invalid("url", sentence("webhooks.tooMany", { max: MAX_WEBHOOK_ENDPOINTS })),
  };
  const row = await addWithinLimit(db, limit, async (tx) => {
    const [inserted] = await tx
      .insert(webhookEndpoints)
      .values({ userId: ownerId, url: body.url, events: body.events, secret: newSecret() })
      .returning();
    return inserted!;
  });
  return withSecret(row);
}

export async function listEndpoints(db: Db, ownerId: number) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, ownerId))
    .orderBy(webhookEndpoints.id)
    .limit(MAX_WEBHOOK_ENDPOINTS);
  return rows.map(endpointOf);
}

export async function deleteEndpoint(db: Db, ownerId: number, id: number) {
  const deleted = await db.delete(webhookEndpoints).where(own(ownerId, id)).returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound(NO_ENDPOINT);
}

export async function rotateSecret(db: Db, ownerId: number, id: number) {
  const [row] = await db.update(webhookEndpoints).set({ secret: newSecret() }).where(own(ownerId, id)).returning();
  if (!row) throw notFound(NO_ENDPOINT);
  return withSecret(row);
}

/** An endpoint's delivery log, newest first. */
export async function endpointDeliveries(
  db: Db,
  ownerId: number,
  query: Context<typeof calls.webhookDeliveries>["query"],
) {
  await ownEndpoint(db, ownerId, query.endpoint_id);
  const where = eq(webhookDeliveries.endpointId, query.endpoint_id);
  return paginate<WebhookDelivery>(
    query,
    async () => (await db.select({ n: count() }).from(webhookDeliveries).where(where))[0]!.n,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset)
      ).map((d) => ({
        id: d.id,
        webhook_id: d.webhookId,
        event_type: d.eventType,
        status: d.status,
        attempts: d.attempts,
        next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
        status_code: d.lastStatusCode,
        duration_ms: d.lastDurationMs,
        error: d.lastError,
        created_at: d.createdAt.toISOString(),
        delivered_at: d.deliveredAt?.toISOString() ?? null,
      })),
  );
}

/** Sends a delivery again (its next attempt, now), even to a turned-off endpoint. */
export async function redeliver(
  { db, deliveries }: Pick<WebhookDeps, "db" | "deliveries">,
  ownerId: number,
  id: number,
) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, ownerId)))
      .for("update")
      .limit(1);
    if (!row) throw notFound("webhooks.deliveryNotFound");
    await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, row.id));
    await enqueueAttempt(deliveries, tx, { deliveryId: row.id, attempt: row.attempts + 1, manual: true });
  });
}

/** A test event to one of the owner's endpoints; answers its delivery's id. */
export async function sendTestEvent(
  { db, deliveries }: Pick<WebhookDeps, "db" | "deliveries">,
  ownerId: number,
  endpointId: number,
) {
  const endpoint = await ownEndpoint(db, ownerId, endpointId);
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        webhookId: newWebhookId(randomUUID()),
        eventType: WEBHOOK_TEST_EVENT,
        payload: payloadOf(WEBHOOK_TEST_EVENT, { endpoint_id: endpoint.id }),
        nextAttemptAt: sql`now()`,
      })
      .returning({ id: webhookDeliveries.id });
    await enqueueAttempt(deliveries, tx, { deliveryId: delivery!.id, attempt: 1, manual: true });
    return delivery!.id;
  });
}
