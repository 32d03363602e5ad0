import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { PosProvider } from "../../../../contract/pos";
import { posConnections } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { route } from "../../http/route";
import { webhookUrl } from "./connections";
import { registerSquarePayments } from "./square-customers";
import { handleTillEvent, type TillOutcome } from "./till-order";
import { tillEvent, verifyTill } from "./till-platforms";
import { verbatim } from "../../i18n/sentence";

/** The one refusal: a bad signature, and a connection that does not exist (or was removed) alike. */
const refused = () => new HttpError(401, verbatim("Invalid webhook signature."));

/**
 * The till's receivers: Shopify and Square sign the exact bytes they send, so these
 * routes alone take their JSON bodies unparsed (as the Stripe webhook does). A bad signature is a
 * 401 that writes nothing, and so is an id that names no connection of this provider (the same
 * answer: no one learns which connections exist). A verified delivery answers 200 whatever it did
 * (an order earns once per order id, a refund takes back once per refund id, an order refused is
 * listed with its reason), or the platform would retry it for days.
 */
export function tillHookRoutes(app: FastifyInstance) {
  const squarePayments = registerSquarePayments(app);
  void app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    const receive = (provider: PosProvider) =>
      route(
        raw,
        provider === "shopify" ? calls.posShopifyHook : calls.posSquareHook,
        async ({ body, params, request }) => {
          const bytes = Buffer.from(body);
          const id = params.connection_id;
          const [found] = await app.db.select().from(posConnections).where(eq(posConnections.id, id)).limit(1);
          const connection = found?.provider === provider ? found : undefined;
          // An unknown connection is checked against a key of its own, as long as a known one takes.
          const url = connection
            ? webhookUrl(app.config.publicAppUrl, connection)
            : webhookUrl(app.config.publicAppUrl, { provider, id });
          const signed = verifyTill(provider, connection?.secret ?? "no connection", bytes, request.headers, url);
          if (!connection || !signed) throw refused();
          const topic = request.headers["x-shopify-topic"];
          const event = tillEvent(provider, bytes, typeof topic === "string" ? topic : undefined);
          let outcome: TillOutcome;
          if (!event) outcome = "ignored";
          else if (event.kind === "paid" && event.customerId && connection.accessToken) {
            await squarePayments.enqueue(app.db, connection, event);
            outcome = "queued";
          } else outcome = await handleTillEvent(app.db, app.events, connection, event);
          return { message: verbatim(`Order ${outcome}.`), data: { outcome } };
        },
      );
    receive("shopify");
    receive("square");
  });
}
