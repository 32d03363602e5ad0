import { randomBytes, randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookWithSecret,
} from "../../../../contract/webhooks";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { addWithinLimit, type Tx } from "../../http/owner-limit";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import { BlockedAddressError, resolveTarget } from "../../services/ssrf";
import { enqueueAttempt, type DeliveryQueue } from "./deliver";
import { newWebhookId } from "./fan-out";
import { payloadOf } from "./payload";
import { sentence, verbatim } from "../../i18n/sentence";

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

/** Outgoing webhooks: the owner's endpoints, their delivery log, send again, test event. */
/** What the webhook routes use that the composition root (app.ts) creates. */
export type WebhookDeps = { deliveries: DeliveryQueue };

export function webhookRoutes(app: FastifyInstance, { deliveries: queue }: WebhookDeps) {
  const own = (ownerId: number, id: number) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ownerId));
  async function ownEndpoint(ownerId: number, id: number) {
    const [row] = await app.db.select().from(webhookEndpoints).where(own(ownerId, id)).limit(1);
    if (!row) throw notFound(NO_ENDPOINT);
    return row;
  }

  route(app, calls.webhookAdd, async ({ user, body }) => {
    try {
      await resolveTarget(new URL(body.url).hostname, app.config.webhooksAllowLoopback);
    } catch (error) {
      if (error instanceof BlockedAddressError) throw invalid("url", verbatim(error.message));
      throw error;
    }
    const limit = {
      ownerId: user.id,
      resource: "webhook-endpoints" as const,
      max: MAX_WEBHOOK_ENDPOINTS,
      count: async (tx: Tx) =>
        (await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id)))[0]!.n,
      refuse: () => invalid("url", sentence("webhooks.tooMany", { max: MAX_WEBHOOK_ENDPOINTS })),
    };
    const row = await addWithinLimit(app.db, limit, async (tx) => {
      const [inserted] = await tx
        .insert(webhookEndpoints)
        .values({ userId: user.id, url: body.url, events: body.events, secret: newSecret() })
        .returning();
      return inserted!;
    });
    const data: WebhookWithSecret = { ...endpointOf(row), secret: row.secret };
    return { message: "webhooks.added", data };
  });

  route(app, calls.webhookList, async ({ user }) => {
    const rows = await app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, user.id))
      .orderBy(webhookEndpoints.id)
      .limit(MAX_WEBHOOK_ENDPOINTS);
    return { message: "webhooks.list", data: rows.map(endpointOf) };
  });

  route(app, calls.webhookDelete, async ({ user, body }) => {
    const deleted = await app.db
      .delete(webhookEndpoints)
      .where(own(user.id, body.id))
      .returning({ id: webhookEndpoints.id });
    if (deleted.length === 0) throw notFound(NO_ENDPOINT);
    return { message: "webhooks.deleted", data: { id: body.id } };
  });

  route(app, calls.webhookRotateSecret, async ({ user, body }) => {
    const [row] = await app.db
      .update(webhookEndpoints)
      .set({ secret: newSecret() })
      .where(own(user.id, body.id))
      .returning();
    if (!row) throw notFound(NO_ENDPOINT);
    const data: WebhookWithSecret = { ...endpointOf(row), secret: row.secret };
    return { message: "webhooks.secretRotated", data };
  });

  route(app, calls.webhookDeliveries, async ({ user, query }) => {
    await ownEndpoint(user.id, query.endpoint_id);
    const where = eq(webhookDeliveries.endpointId, query.endpoint_id);
    const data = await paginate<WebhookDelivery>(
      query,
      async () => (await app.db.select({ n: count() }).from(webhookDeliveries).where(where))[0]!.n,
      async (limit, offset) =>
        (
          await app.db
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
    return { message: "webhooks.deliveries", data };
  });

  route(app, calls.webhookRedeliver, async ({ user, body }) => {
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.id, body.id), eq(webhookEndpoints.userId, user.id)))
        .for("update")
        .limit(1);
      if (!row) throw notFound("webhooks.deliveryNotFound");
      await tx
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: sql`now()` })
        .where(eq(webhookDeliveries.id, row.id));
      await enqueueAttempt(queue, tx, { deliveryId: row.id, attempt: row.attempts + 1, manual: true });
    });
    return { message: "webhooks.resent", data: { id: body.id } };
  });

  route(app, calls.webhookTest, async ({ user, body }) => {
    const endpoint = await ownEndpoint(user.id, body.id);
    const id = await app.db.transaction(async (tx) => {
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
      await enqueueAttempt(queue, tx, { deliveryId: delivery!.id, attempt: 1, manual: true });
      return delivery!.id;
    });
    return { message: "webhooks.testSent", data: { id } };
  });
}
