import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { POS_SKIP_REASONS, type PosConnection } from "../../../../contract/pos";
import { businesses, orderEarns, posConnections } from "../../db/schema";
import { invalid, notFound } from "../../http/errors";
import { ownBusiness } from "../businesses/owned";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import { connectionOrders, skippedOrders } from "./pos-orders";
import { sentence, verbatim } from "../../i18n/sentence";

const NOT_FOUND = "tills.notFound";
/** How many of its newest orders and unknown customers the list shows per connection. */
const LAST = 5;

/** The URL the owner pastes into the platform: the receiver of this connection. */
export const webhookUrl = (origin: string, connection: { provider: string; id: number }) =>
  `${origin.replace(/\/$/, "")}/api/hooks/${connection.provider}/${connection.id}`;

export function posConnectionRoutes(app: FastifyInstance) {
  const origin = app.config.publicAppUrl;

  async function ownConnection(ownerId: number, id: number) {
    const [row] = await app.db
      .select()
      .from(posConnections)
      .where(and(eq(posConnections.id, id), eq(posConnections.userId, ownerId)))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  route(app, calls.posConnectionAdd, async ({ user, body }) => {
    const business = await ownBusiness(app.db, user.id, body.business_id);
    const [row] = await app.db
      .insert(posConnections)
      .values({
        userId: user.id,
        businessId: business.id,
        provider: body.provider,
        secret: body.secret,
        accessToken: body.access_token ?? null,
        enrolUnknown: body.enrol_unknown ?? false,
      })
      .returning();
    const data = { id: row!.id, provider: row!.provider, webhook_url: webhookUrl(origin, row!) };
    return { statusCode: 201, message: "tills.connected", data };
  });

  route(app, calls.posConnectionList, async ({ user, query }) => {
    const where = eq(posConnections.userId, user.id);
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(posConnections).where(where))[0]!.n,
      async (limit, offset) => {
        const rows = await app.db
          .select({ connection: posConnections, businessName: businesses.businessName })
          .from(posConnections)
          .innerJoin(businesses, eq(businesses.id, posConnections.businessId))
          .where(where)
          .orderBy(desc(posConnections.id))
          .limit(limit)
          .offset(offset);
        const ids = rows.map((r) => r.connection.id);
        const skipped = await skippedOrders(app.db, ids, LAST);
        const items: PosConnection[] = [];
        for (const { connection: c, businessName } of rows) {
          items.push({
            id: c.id,
            business_id: c.businessId,
            business_name: businessName,
            provider: c.provider,
            webhook_url: webhookUrl(origin, c),
            enrol_unknown: c.enrolUnknown,
            has_access_token: c.accessToken !== null,
            created_at: c.createdAt.toISOString(),
            unknown_customers: skipped.counts.get(`${c.id}:unknown-customer`) ?? 0,
            currency_errors: skipped.counts.get(`${c.id}:currency`) ?? 0,
            skipped: Object.fromEntries(
              POS_SKIP_REASONS.map((reason) => [reason, skipped.counts.get(`${c.id}:${reason}`) ?? 0]),
            ) as PosConnection["skipped"],
            last_orders: await connectionOrders(app.db, c.id, LAST),
            last_unknown: skipped.newest.filter((u) => u.connectionId === c.id && u.unknown).map((u) => u.order),
            last_skipped: skipped.newest.filter((u) => u.connectionId === c.id && u.latest).map((u) => u.order),
          });
        }
        return items;
      },
    );
    return { message: "tills.list", data };
  });

  route(app, calls.posConnectionSettings, async ({ user, body }) => {
    const row = await ownConnection(user.id, body.id);
    if (body.access_token && row.provider !== "square") {
      throw invalid("access_token", verbatim("Only a Square connection takes an access token."));
    }
    const [after] = await app.db
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
    };
  });

  // Orders it earned keep their rows (a retry after a new connection must not earn again).
  route(app, calls.posConnectionDelete, async ({ user, body }) => {
    const row = await ownConnection(user.id, body.id);
    await app.db.delete(posConnections).where(eq(posConnections.id, row.id));
    return { message: sentence("tills.removed", { provider: row.provider }) };
  });

  route(app, calls.posOrders, async ({ user, query }) => {
    const connection = await ownConnection(user.id, query.connection_id);
    const where = eq(orderEarns.connectionId, connection.id);
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(orderEarns).where(where))[0]!.n,
      (limit, offset) => connectionOrders(app.db, connection.id, limit, offset),
    );
    return { message: "tills.orders", data };
  });
}
