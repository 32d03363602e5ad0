import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import type { WebhookDeps } from "./deps";
import {
  addEndpoint,
  deleteEndpoint,
  endpointDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
} from "./endpoints";

/** Outgoing webhooks: the owner's endpoints, their delivery log, send again, test event. */
export function webhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  route(app, calls.webhookAdd, async ({ user, body }) => ({
    message: "webhooks.added",
    data: await addEndpoint(deps, user.id, body),
  }));

  route(app, calls.webhookList, async ({ user }) => ({
    message: "webhooks.list",
    data: await listEndpoints(deps.db, user.id),
  }));

  route(app, calls.webhookDelete, async ({ user, body }) => {
    await deleteEndpoint(deps.db, user.id, body.id);
    return { message: "webhooks.deleted", data: { id: body.id } };
  });

  route(app, calls.webhookRotateSecret, async ({ user, body }) => ({
    message: "webhooks.secretRotated",
    data: await rotateSecret(deps.db, user.id, body.id),
  }));

  route(app, calls.webhookDeliveries, async ({ user, query }) => ({
    message: "webhooks.deliveries",
    data: await endpointDeliveries(deps.db, user.id, query),
  }));

  route(app, calls.webhookRedeliver, async ({ user, body }) => {
    await redeliver(deps, user.id, body.id);
    return { message: "webhooks.resent", data: { id: body.id } };
  });

  route(app, calls.webhookTest, async ({ user, body }) => ({
    message: "webhooks.testSent",
    data: { id: await sendTestEvent(deps, user.id, body.id) },
  }));
}
