import { and, eq, sql } from "drizzle-orm";
import { isCurrency, toMinor } from "../../../../contract/money";
import type { Db } from "../../db/client";
import { sales, type posConnections } from "../../db/schema";

type Connection = Pick<typeof posConnections.$inferSelect, "id" | "userId" | "businessId">;

/** A verified paid order, as the till gave it: its amount in its own currency, and the card it found (if any). */
export type PaidSale = { orderId: string; amount: string | null; currency: string | null; cardId: number | null };

/**
 * Keeps the order whatever it earned: once per business and order. A redelivery that now finds
 * the customer's card names it on the row; nothing else changes.
 */
export async function recordSale(db: Db, connection: Connection, sale: PaidSale) {
  const currency = sale.currency?.trim().toUpperCase() ?? null;
  const known = currency !== null && isCurrency(currency);
  const amount = known && sale.amount !== null ? toMinor(sale.amount.trim(), currency) : null;
  await db
    .insert(sales)
    .values({
      userId: connection.userId,
      businessId: connection.businessId,
      connectionId: connection.id,
      kind: "sale",
      orderId: sale.orderId,
      cardId: sale.cardId,
      amount,
      currency: known ? currency : null,
    })
    .onConflictDoUpdate({
      target: [sales.businessId, sales.orderId, sales.refundId],
      set: { cardId: sql`coalesce(${sales.cardId}, excluded.card_id)` },
    });
}

/**
 * Keeps a refund that returned money (minor units of the business's currency): once per business,
 * order and refund id, on the card of the order's sale when there is one.
 */
export async function recordRefund(
  db: Db,
  connection: Connection,
  refund: { orderId: string; refundId: string; amount: number; currency: string },
) {
  const [sale] = await db
    .select({ cardId: sales.cardId })
    .from(sales)
    .where(and(eq(sales.businessId, connection.businessId), eq(sales.orderId, refund.orderId), eq(sales.refundId, "")))
    .limit(1);
  await db
    .insert(sales)
    .values({
      userId: connection.userId,
      businessId: connection.businessId,
      connectionId: connection.id,
      kind: "refund",
      orderId: refund.orderId,
      refundId: refund.refundId,
      cardId: sale?.cardId ?? null,
      amount: refund.amount,
      currency: refund.currency,
    })
    .onConflictDoNothing();
}
