import { eq } from "drizzle-orm";
import type { PosProvider } from "../../../../contract/pos";
import { posConnections } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { verbatim } from "../../i18n/sentence";
import { webhookUrl } from "./connections";
import type { IntegrationDeps } from "./deps";
import { handleTillEvent, type TillOutcome } from "./till-order";
import { tillEvent, verifyTill } from "./till-platforms";

/** The one refusal: a bad signature, and a connection that does not exist (or was removed) alike. */
const refused = () => new HttpError(401, verbatim("Invalid webhook signature."));

/** One delivery to a till's receiver: its raw bytes, the connection it names, its headers. */
export type TillDelivery = {
  provider: PosProvider;
  connectionId: number;
  bytes: Buffer;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * A till's delivery: Shopify and Square sign the exact bytes they send. A bad signature is a
 * 401 that writes nothing, and so is an id that names no connection of this provider (the same
 * answer: no one learns which connections exist). A verified delivery answers what it did (an
 * order earns once per order id, a refund takes back once per refund id, an order refused is
 * listed with its reason), never a refusal, or the platform would retry it for days.
 */
export async function receiveTillDelivery(deps: IntegrationDeps, delivery: TillDelivery): Promise<TillOutcome> {
  const { db, events, config, squarePayments } = deps;
  const { provider, connectionId: id, bytes, headers } = delivery;
  const [found] = await db.select().from(posConnections).where(eq(posConnections.id, id)).limit(1);
  const connection = found?.provider === provider ? found : undefined;
  // An unknown connection is checked against a key of its own, as long as a known one takes.
  const url = connection
    ? webhookUrl(config.publicAppUrl, connection)
    : webhookUrl(config.publicAppUrl, { provider, id });
  const signed = verifyTill(provider, connection?.secret ?? "no connection", bytes, headers, url);
  if (!connection || !signed) throw refused();
  const topic = headers["x-shopify-topic"];
  const event = tillEvent(provider, bytes, typeof topic === "string" ? topic : undefined);
  if (!event) return "ignored";
  if (event.kind === "paid" && (event.customerId || event.squareOrderId) && connection.accessToken) {
    await squarePayments.enqueue(db, connection, event);
    return "queued";
  }
  return handleTillEvent(db, events, connection, event);
}
