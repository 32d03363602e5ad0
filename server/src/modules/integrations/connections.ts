import { and, count, desc, eq } from "drizzle-orm";
import type { calls } from "../../../../contract/calls";
import { POS_SKIP_REASONS, type PosConnection } from "../../../../contract/pos";
import type { Db } from "../../db/client";
import { businesses, orderEarns, posConnections } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import type { Context } from "../../http/route";
import { sentence, verbatim } from "../../i18n/sentence";
import { ownBusiness } from "../businesses/owned";
import type { IntegrationDeps } from "./deps";
import { connectionOrders, skippedOrders } from "./pos-orders";

const NOT_FOUND = "tills.notFound";
/** How many of its newest orders and unknown customers the list shows per connection. */
const LAST = 5;

type Deps = Pick<IntegrationDeps, "db" | "config">;

/** The URL the owner pastes into the platform: the receiver of this connection. */
export const webhookUrl = (origin: string, connection: { provider: string; id: number }) =>
  `${origin.replace(/\/$/, "")}/api/hooks/${connection.provider}/${connection.id}`;

async function ownConnection(db: Db, ownerId: number, id: number) {
  const [row] = await db
    .select()
    .from(posConnections)
    .where(and(eq(posConnections.id, id), eq(posConnections.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function addConnection(
  { db, config }: Deps,
  ownerId: number,
  body: Context<typeof calls.posConnectionAdd>["body"],
) {
  const business = await ownBusiness(db, ownerId, body.business_id);
  const [row] = await db
    .insert(posConnections)
    .values({
      userId: ownerId,
      businessId: business.id,
      provider: body.provider,
      secret: body.secret,
      accessToken: body.access_token ?? null,
      enrolUnknown: body.enrol_unknown ?? false,
    })
    .returning();
  return { id: row!.id, provider: row!.provider, webhook_url: webhookUrl(config.publicAppUrl, row!) };
}

/** The owner's connections, newest first, each with its last orders and what it skipped. */
export function listConnections(
  { db, config }: Deps,
  ownerId: number,
  query: Context<typeof calls.posConnectionList>["query"],
) {
  const where = eq(posConnections.userId, ownerId);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(posConnections).where(where))[0]!.n,
    async (limit, offset) => {
      const rows = await db
        .select({ connection: posConnections, businessName: businesses.businessName })
        .from(posConnections)
        .innerJoin(businesses, eq(businesses.id, posConnections.businessId))
        .where(where)
        .orderBy(desc(posConnections.id))
        .limit(limit)
        .offset(offset);
      const ids = rows.map((r) => r.connection.id);
      const skipped = await skippedOrders(db, ids, LAST);
      const items: PosConnection[] = [];
      for (const { connection: c, businessName } of rows) {
        items.push({
          id: c.id,
          business_id: c.businessId,
          business_name: businessName,
          provider: c.provider,
          webhook_url: webhookUrl(config.publicAppUrl, c),
          enrol_unknown: c.enrolUnknown,
          has_access_token: c.accessToken !== null,
          created_at: c.createdAt.toISOString(),
          unknown_customers: skipped.counts.get(`${c.id}:unknown-customer`) ?? 0,
          currency_errors: skipped.counts.get(`${c.id}:currency`) ?? 0,
          skipped: Object.fromEntries(
            POS_SKIP_REASONS.map((reason) => [reason, skipped.counts.get(`${c.id}:${reason}`) ?? 0]),
          ) as PosConnection["skipped"],
          last_orders: await connectionOrders(db, c.id, LAST),
          last_unknown: skipped.newest.filter((u) => u.connectionId === c.id && u.unknown).map((u) => u.order),
          last_skipped: skipped.newest.filter((u) => u.connectionId === c.id && u.latest).map((u) => u.order),
        });
      }
      return items;
    },
  );
}

/** A connection's settings (enrol unknown customers, Square's access token); answers the message to show. */
export async function changeConnection(
  db: Db,
  ownerId: number,
  body: Context<typeof calls.posConnectionSettings>["body"],
) {
  const row = await ownConnection(db, ownerId, body.id);
  if (body.access_token && row.provider !== "square") {
    throw invalid("access_token", verbatim("Only a Square connection takes an access token."));
  }
  const [after] = await db
    .update(posConnections)
    .set({
      ...(body.enrol_unknown !== undefined && { enrolUnknown: body.enrol_unknown }),
      ...(body.access_token !== undefined && { accessToken: body.access_token }),
    })
    .where(eq(posConnections.id, body.id))
    .returning();
  const message =
    body.enrol_unknown === undefined
      ? body.access_token
        ? "tills.tokenSaved"
        : "tills.tokenRemoved"
      : body.enrol_unknown
        ? "tills.enrolOn"
        : "tills.enrolOff";
  return {
    message,
    data: { id: body.id, enrol_unknown: after!.enrolUnknown, has_access_token: after!.accessToken !== null },
  } as const;
}

/** Orders it earned keep their rows (a retry after a new connection must not earn again). */
export async function removeConnection(db: Db, ownerId: number, id: number) {
  const row = await ownConnection(db, ownerId, id);
  await db.delete(posConnections).where(eq(posConnections.id, row.id));
  return sentence("tills.removed", { provider: row.provider });
}

/** A connection's earned orders, newest first. */
export async function connectionOrderPage(db: Db, ownerId: number, query: Context<typeof calls.posOrders>["query"]) {
  const connection = await ownConnection(db, ownerId, query.connection_id);
  const where = eq(orderEarns.connectionId, connection.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(orderEarns).where(where))[0]!.n,
    (limit, offset) => connectionOrders(db, connection.id, limit, offset),
  );
}
