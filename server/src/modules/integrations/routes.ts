import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { PosProvider } from "../../../../contract/pos";
import { route } from "../../http/route";
import { verbatim } from "../../i18n/sentence";
import { addConnection, changeConnection, connectionOrderPage, listConnections, removeConnection } from "./connections";
import type { IntegrationDeps } from "./deps";
import { receiveTillDelivery } from "./hooks";

/** The till: the owner's connections and the platforms' receivers. */
export function integrationRoutes(app: FastifyInstance, deps: IntegrationDeps) {
  route(app, calls.posConnectionAdd, async ({ user, body }) => ({
    statusCode: 201,
    message: "tills.connected",
    data: await addConnection(deps, user.id, body),
  }));

  route(app, calls.posConnectionList, async ({ user, query }) => ({
    message: "tills.list",
    data: await listConnections(deps, user.id, query),
  }));

  route(app, calls.posConnectionSettings, ({ user, body }) => changeConnection(deps.db, user.id, body));

  route(app, calls.posConnectionDelete, async ({ user, body }) => ({
    message: await removeConnection(deps.db, user.id, body.id),
  }));

  route(app, calls.posOrders, async ({ user, query }) => ({
    message: "tills.orders",
    data: await connectionOrderPage(deps.db, user.id, query),
  }));

  // The receivers alone take their JSON bodies unparsed (as the Stripe webhook does): the
  // platforms sign the exact bytes. A verified delivery answers 200 whatever it did.
  void app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    const receive = (provider: PosProvider) =>
      route(
        raw,
        provider === "shopify" ? calls.posShopifyHook : calls.posSquareHook,
        async ({ body, params, request }) => {
          const outcome = await receiveTillDelivery(deps, {
            provider,
            connectionId: params.connection_id,
            bytes: Buffer.from(body),
            headers: request.headers,
          });
          return { message: verbatim(`Order ${outcome}.`), data: { outcome } };
        },
      );
    receive("shopify");
    receive("square");
  });
}
