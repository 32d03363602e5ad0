import { serverKind } from "../../kinds";
import { kindOf } from "../../../../contract/kinds";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { toMinor } from "../../../../contract/money";
import type { Db } from "../../db/client";
import { cards, notifications, orderEarns, orderRefunds } from "../../db/schema";
import type { Events } from "../../services/events";
import { applyChange, type Applied } from "../loyalty/engine/apply";
import { visitEarn } from "../loyalty/engine/earn";
import type { EarnLine, OrderSource } from "../loyalty/engine/rules";

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
  /** The order's lines with their product categories (what they do not add up to earns at the base rate). */
  lines?: readonly EarnLine[];
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
 * One order earns once per business: the order's row is inserted first, in the earn's
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
        connectionId: input.connectionId,
        lines: input.lines,
      },
    ))!;
    const earned = "delta" in applied.decision ? applied.decision : null;
    const delta = earned?.delta ?? 0;
    // Earned without an amount, it is all the visit's; by an amount, the visit's share is what a
    // visit alone earns (a stamp programme's order is one visit whatever it cost).
    const unit = earned?.unit ?? applied.unit;
    const visit = serverKind(unit).visitShare(
      delta,
      Boolean(earned?.amount),
      applied.reward ? visitEarn(applied.reward) : 0,
    );
    const total = input.amount && applied.currency ? toMinor(input.amount, applied.currency) : null;
    const [earn] = await tx
      .update(orderEarns)
      .set({
        earned: delta,
        unit,
        amount: earned?.amount ?? null,
        total: earned?.amount ?? (total && total > 0 ? total : null),
        visitEarned: Math.max(0, visit),
      })
      .where(eq(orderEarns.id, inserted.id))
      .returning();
    return { earn: earn!, applied, duplicate: false };
  });
}

/** A refund of an order: its own id at the platform, and what it returned (none: the whole order). */
export type RefundInput = {
  ownerId: number;
  businessId: number;
  orderId: string;
  source: OrderSource;
  /** Each refund takes back once, however often it is delivered (default: one refund of the whole order). */
  refundId?: string;
  /** What this refund returned, in minor units of the business's currency; undefined: the order's total. */
  amount?: number;
};

/**
 * What a refund did: the order's row after it, whether this call took anything back, and `short`:
 * what it should have taken back but the card no longer held (its balance was spent).
 */
export type RefundOutcome = {
  earn: OrderEarned;
  applied: Applied | null;
  duplicate: boolean;
  taken: number;
  short: number;
};

/**
 * What the refunds of an order take back once they returned `refunded` of its `total`: the amount
 * part in proportion (rounded down), and all of it, visit part included, once they reach the total
 * (or when the total is unknown).
 */
export function refundDue(earn: Pick<OrderEarned, "earned" | "visitEarned" | "total">, refunded: number | null) {
  const { earned, total } = earn;
  if (total === null || refunded === null || refunded >= total) return earned;
  const amountPart = BigInt(Math.max(0, earned - earn.visitEarned));
  return Number((amountPart * BigInt(Math.max(0, refunded))) / BigInt(total));
}

/**
 * A refund takes back floor(amount part × refunded so far ÷ total) minus what the order's earlier
 * refunds took, never below zero (rules.ts, kind "refund"), so partial refunds add up to at most
 * what the order earned; the visit part goes back with the refund that reaches the total. Each
 * refund id takes back once: its row is inserted first, with the order's row locked. What a spent
 * balance kept from being taken back is told in the owner's feed. Undefined when the order never
 * earned at one of the owner's businesses.
 */
export async function refundOrder(db: Db, events: Events, input: RefundInput): Promise<RefundOutcome | undefined> {
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
    const [refund] = await tx
      .insert(orderRefunds)
      .values({ orderEarnId: earn.id, refundId: input.refundId ?? "order", amount: input.amount ?? null })
      .onConflictDoNothing()
      .returning({ id: orderRefunds.id });
    if (!refund) return { earn, applied: null, duplicate: true, taken: 0, short: 0 };

    const before = earn.refundedAmount;
    const whole = input.amount === undefined || earn.total === null;
    const refunded = whole ? (earn.total ?? 0) : Math.min(earn.total!, before + Math.max(0, input.amount!));
    const want = Math.max(0, refundDue(earn, whole ? null : refunded) - earn.refunded);
    // The purchase leaves the lifetime spend as far as it was refunded (cashback tiers count what was kept).
    const spent = earn.amount === null ? 0 : Math.min(earn.amount, refunded) - Math.min(earn.amount, before);
    const applied =
      earn.cardId && (want > 0 || spent > 0)
        ? ((await applyChange(
            tx,
            events,
            { id: earn.cardId },
            {
              kind: "refund",
              orderId: input.orderId,
              source: input.source,
              earned: want,
              unit: earn.unit,
              amount: spent,
              apiKeyId: earn.apiKeyId ?? undefined,
              connectionId: earn.connectionId ?? undefined,
            },
          )) ?? null)
        : null;
    const taken = applied && "delta" in applied.decision ? -applied.decision.delta : 0;
    const [after] = await tx
      .update(orderEarns)
      .set({ refunded: earn.refunded + taken, refundedAmount: refunded, refundedAt: sql`now()` })
      .where(eq(orderEarns.id, earn.id))
      .returning();
    await tx.update(orderRefunds).set({ taken }).where(eq(orderRefunds.id, refund.id));
    const short = want - taken;
    if (short > 0 && applied) {
      await tx.insert(notifications).values({
        userId: earn.userId,
        kind: "refund_short",
        title: "Refund beyond the balance",
        businessId: earn.businessId,
        cardId: applied.card.id,
        customerId: applied.card.customerId,
        details: {
          order: input.orderId.replace(/^(shopify|square):/, ""),
          count: short,
          unit: earn.unit,
          ...(kindOf(earn.unit).countsMoney && applied.currency && { amountMinor: short, currency: applied.currency }),
        },
      });
    }
    return { earn: after!, applied, duplicate: false, taken, short };
  });
}
