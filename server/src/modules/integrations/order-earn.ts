import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cards, orderEarns } from "../../db/schema";
import type { Events } from "../../services/events";
import { applyChange, type Applied } from "../loyalty/engine/apply";
import type { OrderSource } from "../loyalty/engine/rules";

/** An order to earn on: the card (by serial or id) of one of the owner's businesses. */
export type OrderEarnInput = {
  ownerId: number;
  businessId?: number;
  serial?: string;
  cardId?: number;
  /** The order's total, a decimal string in the business's currency (points, cashback). */
  amount?: string;
  /** Stamps for a stamp programme (default one per order). */
  stamps?: number;
  orderId: string;
  source: OrderSource;
  connectionId?: number;
  apiKeyId?: number;
};

export type OrderEarned = typeof orderEarns.$inferSelect;

/** What an order did: earned now (`applied`), or earned before (a retry: nothing more). */
export type OrderEarnOutcome = { earn: OrderEarned; applied: Applied | null; duplicate: boolean };

const cardWhere = (input: Pick<OrderEarnInput, "ownerId" | "businessId" | "serial" | "cardId">): SQL | undefined =>
  and(
    eq(cards.userId, input.ownerId),
    input.businessId === undefined ? undefined : eq(cards.businessId, input.businessId),
    input.cardId !== undefined ? eq(cards.id, input.cardId) : eq(cards.serial, input.serial ?? ""),
  );

/**
 * One order earns once per business (issue 24): the order's row is inserted first, in the earn's
 * transaction, so a retry (or a concurrent delivery, which waits on the unique index until the
 * first commits) finds it and earns nothing more; then the engine earns as a staff scan would
 * (rules.ts, kind "earn"). A refused earn (a 422) rolls the row back with everything else.
 * Undefined when no card of the owner matches.
 */
export async function earnForOrder(
  db: Db,
  events: Events,
  input: OrderEarnInput,
): Promise<OrderEarnOutcome | undefined> {
  return db.transaction(async (tx) => {
    // The card's row is locked before the order's row names it: the order's foreign key takes a
    // share lock on the card, and two orders of one card each holding one while waiting for the
    // engine's lock would deadlock.
    const [card] = await tx
      .select({ id: cards.id, businessId: cards.businessId })
      .from(cards)
      .where(cardWhere(input))
      .for("update")
      .limit(1);
    if (!card) return undefined;
    const [inserted] = await tx
      .insert(orderEarns)
      .values({
        userId: input.ownerId,
        businessId: card.businessId,
        orderId: input.orderId,
        cardId: card.id,
        source: input.source,
        connectionId: input.connectionId ?? null,
        apiKeyId: input.apiKeyId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: orderEarns.id });
    if (!inserted) {
      const [earn] = await tx
        .select()
        .from(orderEarns)
        .where(and(eq(orderEarns.businessId, card.businessId), eq(orderEarns.orderId, input.orderId)))
        .limit(1);
      return { earn: earn!, applied: null, duplicate: true };
    }
    const applied = (await applyChange(
      tx,
      events,
      { id: card.id },
      {
        kind: "earn",
        amount: input.amount,
        stamps: input.stamps,
        source: input.source,
        orderId: input.orderId,
        apiKeyId: input.apiKeyId,
      },
    ))!;
    const earned = "delta" in applied.decision ? applied.decision : null;
    const [earn] = await tx
      .update(orderEarns)
      .set({ earned: earned?.delta ?? 0, unit: earned?.unit ?? applied.unit, amount: earned?.amount ?? null })
      .where(eq(orderEarns.id, inserted.id))
      .returning();
    return { earn: earn!, applied, duplicate: false };
  });
}

/** What a refund did: the order's row after it, and whether this call took anything back. */
export type RefundOutcome = { earn: OrderEarned; applied: Applied | null; duplicate: boolean };

/**
 * A refunded order takes back exactly what it earned, once, never below zero (rules.ts, kind
 * "refund"): the order's row is locked, and `refunded_at` set in the same transaction. Undefined
 * when the order never earned at one of the owner's businesses.
 */
export async function refundOrder(
  db: Db,
  events: Events,
  input: { ownerId: number; businessId: number; orderId: string; source: OrderSource },
): Promise<RefundOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [earn] = await tx
      .select()
      .from(orderEarns)
      .where(
        and(
          eq(orderEarns.userId, input.ownerId),
          eq(orderEarns.businessId, input.businessId),
          eq(orderEarns.orderId, input.orderId),
        ),
      )
      .for("update")
      .limit(1);
    if (!earn) return undefined;
    if (earn.refundedAt) return { earn, applied: null, duplicate: true };
    const applied = earn.cardId
      ? ((await applyChange(
          tx,
          events,
          { id: earn.cardId },
          {
            kind: "refund",
            orderId: input.orderId,
            source: input.source,
            earned: earn.earned,
            unit: earn.unit,
            amount: earn.amount,
          },
        )) ?? null)
      : null;
    const taken = applied && "delta" in applied.decision ? -applied.decision.delta : 0;
    const [after] = await tx
      .update(orderEarns)
      .set({ refunded: taken, refundedAt: sql`now()` })
      .where(and(eq(orderEarns.id, earn.id), isNull(orderEarns.refundedAt)))
      .returning();
    return { earn: after!, applied, duplicate: false };
  });
}
