import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { fromMinor } from "../../../../contract/money";
import type { PosOrder, PosSkippedOrder } from "../../../../contract/pos";
import type { Db } from "../../db/client";
import { businesses, cards, customers, orderEarns, posSkippedOrders } from "../../db/schema";

/** A connection's earned orders, newest first (its page, and its last few in the list). */
export async function connectionOrders(db: Db, connectionId: number, limit: number, offset = 0) {
  const rows = await db
    .select({ earn: orderEarns, serial: cards.serial, name: customers.name, currency: businesses.currency })
    .from(orderEarns)
    .innerJoin(businesses, eq(businesses.id, orderEarns.businessId))
    .leftJoin(cards, eq(cards.id, orderEarns.cardId))
    .leftJoin(customers, eq(customers.id, cards.customerId))
    .where(eq(orderEarns.connectionId, connectionId))
    .orderBy(desc(orderEarns.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => toOrder(r.earn, r.serial, r.name, r.currency));
}

export const toOrder = (
  earn: typeof orderEarns.$inferSelect,
  serial: string | null,
  name: string | null,
  currency: string | null,
): PosOrder => ({
  order_id: earn.orderId.replace(/^(shopify|square):/, ""),
  serial,
  customer_name: name,
  earned: earn.earned,
  unit: earn.unit,
  amount: earn.amount !== null && currency ? fromMinor(earn.amount, currency) : null,
  refunded: earn.refunded,
  refunded_at: earn.refundedAt?.toISOString() ?? null,
  created_at: earn.createdAt.toISOString(),
});

/**
 * Per connection: orders skipped by reason, and its newest skipped orders: the `newest` last of
 * all (`latest`) and the `newest` last of unknown customers (`unknown`).
 */
export async function skippedOrders(db: Db, connectionIds: number[], newest: number) {
  if (connectionIds.length === 0) return { counts: new Map<string, number>(), newest: [] };
  const counts = await db
    .select({
      connectionId: posSkippedOrders.connectionId,
      reason: posSkippedOrders.reason,
      n: sql<number>`count(*)::int`,
    })
    .from(posSkippedOrders)
    .where(inArray(posSkippedOrders.connectionId, connectionIds))
    .groupBy(posSkippedOrders.connectionId, posSkippedOrders.reason);
  const ranked = db
    .select({
      id: posSkippedOrders.id,
      rank: sql<number>`row_number() over (partition by ${posSkippedOrders.connectionId} order by ${posSkippedOrders.id} desc)`.as(
        "rank",
      ),
      rankOfReason:
        sql<number>`row_number() over (partition by ${posSkippedOrders.connectionId}, ${posSkippedOrders.reason} order by ${posSkippedOrders.id} desc)`.as(
          "rank_of_reason",
        ),
    })
    .from(posSkippedOrders)
    .where(inArray(posSkippedOrders.connectionId, connectionIds))
    .as("ranked");
  const rows = await db
    .select({ row: posSkippedOrders, rank: ranked.rank, rankOfReason: ranked.rankOfReason })
    .from(ranked)
    .innerJoin(posSkippedOrders, eq(posSkippedOrders.id, ranked.id))
    .where(
      or(
        lte(ranked.rank, newest),
        and(eq(posSkippedOrders.reason, "unknown-customer"), lte(ranked.rankOfReason, newest)),
      ),
    )
    .orderBy(desc(posSkippedOrders.id));
  return {
    counts: new Map(counts.map((c) => [`${c.connectionId}:${c.reason}`, Number(c.n)])),
    newest: rows.map((r) => ({
      connectionId: r.row.connectionId,
      latest: Number(r.rank) <= newest,
      unknown: r.row.reason === "unknown-customer" && Number(r.rankOfReason) <= newest,
      order: {
        order_id: r.row.orderId.replace(/^(shopify|square):/, ""),
        reason: r.row.reason,
        email: r.row.email,
        phone: r.row.phone,
        created_at: r.row.createdAt.toISOString(),
      } satisfies PosSkippedOrder,
    })),
  };
}
