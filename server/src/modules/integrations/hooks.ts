import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { PosProvider } from "../../../../contract/pos";
import { posConnections } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { route } from "../../http/route";
import { webhookUrl } from "./connections";
import { handleTillEvent } from "./till-order";
import { tillEvent, verifyTill } from "./till-platforms";
import { verbatim } from "../../i18n/sentence";

const NO_CONNECTION = "This till connection does not exist (or was removed).";

/**
 * The till's receivers (issue 24 §4): Shopify and Square sign the exact bytes they send, so these
 * routes alone take their JSON bodies unparsed (as the Stripe webhook does). A bad signature is a
 * 401 that writes nothing; a verified delivery answers 200 whatever it did (an order earns once
 * per order id, so a replay changes nothing), or it would be retried for days.
 */
export function tillHookRoutes(app: FastifyInstance) {
  void app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    const receive = (provider: PosProvider) =>
      route(
        raw,
        provider === "shopify" ? calls.posShopifyHook : calls.posSquareHook,
        async ({ body, params, request }) => {
          const bytes = Buffer.from(body);
          const [connection] = await app.db
            .select()
            .from(posConnections)
            .where(eq(posConnections.id, params.connection_id))
            .limit(1);
          if (!connection || connection.provider !== provider) throw notFound(verbatim(NO_CONNECTION));
          const url = webhookUrl(app.config.publicAppUrl, connection);
          if (!verifyTill(provider, connection.secret, bytes, request.headers, url)) {
            throw new HttpError(401, verbatim("Invalid webhook signature."));
          }
          const topic = request.headers["x-shopify-topic"];
          const event = tillEvent(provider, bytes, typeof topic === "string" ? topic : undefined);
          if (!event) throw new HttpError(422, verbatim("The webhook body must be a JSON object."));
          const outcome = await handleTillEvent(app.db, app.events, connection, event);
          return { message: verbatim(`Order ${outcome}.`), data: { outcome } };
        },
      );
    receive("shopify");
    receive("square");
  });
}
