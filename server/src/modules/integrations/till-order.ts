import { and, eq, sql } from "drizzle-orm";
import { amountInMinor, toMinor } from "../../../../contract/money";
import type { PosSkipReason } from "../../../../contract/pos";
import type { Db } from "../../db/client";
import { businesses, cards, customers, posConnections, posSkippedOrders } from "../../db/schema";
import { Refusal } from "../../domain/refusal";
import type { Events } from "../../services/events";
import { enrolCard } from "../loyalty/engine/enrol";
import { earnForOrder, refundOrder } from "./order-earn";
import { recordRefund, recordSale } from "./sales";
import { earnLines } from "./till-lines";
import type { TillEvent } from "./till-platforms";

export type Connection = typeof posConnections.$inferSelect;

/** What a delivery did, as the receiver answers it (always 200: the platform must not retry it). */
export type TillOutcome =
  | "earned"
  | "already earned"
  | "refunded"
  | "already refunded"
  | "not earned here"
  | "unknown customer"
  | "other currency"
  | "bad amount"
  | "above limit"
  /** Square: the payment's customer is read from Square's Customers API by a job, which earns. */
  | "queued"
  | "ignored";

type Paid = Extract<TillEvent, { kind: "paid" }>;

/** The card of the paying customer at the connection's business: by email, else by the phone's digits. */
async function findCard(db: Db, connection: Connection, event: Paid) {
  const digits = event.phone?.replace(/[^0-9]/g, "") ?? "";
  const who = [
    ...(event.email ? [sql`lower(${customers.email}) = lower(${event.email})`] : []),
    ...(digits.length >= 6
      ? [sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g') = ${digits}`]
      : []),
  ];
  if (who.length === 0) return undefined;
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(
      and(
        eq(cards.userId, connection.userId),
        eq(cards.businessId, connection.businessId),
        sql`(${sql.join(who, sql` or `)})`,
      ),
    )
    .orderBy(cards.id)
    .limit(1);
  return card;
}

/**
 * The connection's setting `enrol_unknown`: a card for a paying customer with an email and no card
 * here, collecting for the business's newest active programme, its history saying why. A
 * concurrent delivery for the same customer finds the card the first made.
 */
async function enrol(db: Db, events: Events, connection: Connection, event: Paid) {
  const email = event.email!;
  return db.transaction(async (tx) => {
    await tx
      .insert(customers)
      .values({ userId: connection.userId, name: event.name ?? email.split("@")[0]!, email, phone: event.phone })
      .onConflictDoNothing();
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.userId, connection.userId), sql`lower(${customers.email}) = lower(${email})`))
      .limit(1);
    const card = await enrolCard(tx, events, {
      ownerId: connection.userId,
      businessId: connection.businessId,
      customerId: customer!.id,
      actor: { kind: "till", userId: null, apiKeyId: null, connectionId: connection.id },
      reason: `Enrolled by a ${connection.provider} order`,
    });
    if (!card) return findCard(tx, connection, event);
    return { id: card.id };
  });
}

/** An order that earned nothing, listed once per connection and order. */
async function skip(db: Db, connection: Connection, event: Paid, reason: PosSkipReason) {
  await db
    .insert(posSkippedOrders)
    .values({ connectionId: connection.id, orderId: event.orderId, reason, email: event.email, phone: event.phone })
    .onConflictDoNothing();
}

const SKIPPED: Record<PosSkipReason, TillOutcome> = {
  "unknown-customer": "unknown customer",
  currency: "other currency",
  "bad-amount": "bad amount",
  "above-limit": "above limit",
};

/**
 * A paid order earns once on its customer's card. Orders in another currency than the business's
 * (or none), with a total that is not an amount in it, of customers without a card, and those the
 * business's rules refuse (a 422 of the earn) are listed with their reason, not earned.
 */
export async function earnPaidOrder(db: Db, events: Events, connection: Connection, event: Paid): Promise<TillOutcome> {
  const { outcome, cardId } = await earnPaid(db, events, connection, event);
  await recordSale(db, connection, { orderId: event.orderId, amount: event.amount, currency: event.currency, cardId });
  return outcome;
}

/** What a paid order did, and the card it found. */
async function earnPaid(
  db: Db,
  events: Events,
  connection: Connection,
  event: Paid,
): Promise<{ outcome: TillOutcome; cardId: number | null }> {
  let cardId: number | null = null;
  const done = (outcome: TillOutcome) => ({ outcome, cardId });
  const skipped = async (reason: PosSkipReason) => {
    await skip(db, connection, event, reason);
    return done(SKIPPED[reason]);
  };
  const [business] = await db
    .select({ currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, connection.businessId));
  const currency = business?.currency ?? null;
  if (!event.currency || !currency || event.currency.toUpperCase() !== currency) return skipped("currency");
  const amount = event.amount?.trim() ?? null;
  if (amount !== null && "error" in amountInMinor(amount, currency)) return skipped("bad-amount");
  const card =
    (await findCard(db, connection, event)) ??
    (connection.enrolUnknown && event.email ? await enrol(db, events, connection, event) : undefined);
  if (!card) return skipped("unknown-customer");
  cardId = card.id;
  try {
    const earned = await earnForOrder(db, events, {
      ownerId: connection.userId,
      businessId: connection.businessId,
      cardId: card.id,
      amount: amount ?? undefined,
      orderId: event.orderId,
      source: connection.provider,
      connectionId: connection.id,
      lines: await earnLines(db, connection, event.lines),
    });
    return done(earned?.duplicate ? "already earned" : "earned");
  } catch (error) {
    // Any rule of the engine that refuses the earn: a readable amount it refuses is above a limit.
    if (!(error instanceof Refusal)) throw error;
    return skipped(amount !== null && error.field === "amount" ? "above-limit" : "bad-amount");
  }
}

/** A refund's amounts added up in the business's minor units; null when one is not an amount in it. */
async function refundMinor(db: Db, connection: Connection, amounts: string[]) {
  const [business] = await db
    .select({ currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, connection.businessId));
  if (!business?.currency) return null;
  let sum = 0;
  for (const amount of amounts) {
    const minor = toMinor(amount, business.currency);
    if (minor === null) return null;
    sum += minor;
  }
  return { amount: sum, currency: business.currency };
}

/**
 * A verified delivery of a connection: a paid order earns (earnPaidOrder); a refund takes back in
 * proportion to what it returned, once per refund.
 */
export async function handleTillEvent(
  db: Db,
  events: Events,
  connection: Connection,
  event: TillEvent,
): Promise<TillOutcome> {
  if (event.kind === "ignored") return "ignored";
  if (event.kind === "paid") return earnPaidOrder(db, events, connection, event);
  const refunded = await refundMinor(db, connection, event.amounts);
  // A refund that returned no money (a restock, a failed attempt) takes nothing back.
  if (refunded === null || refunded.amount <= 0) return "ignored";
  const { amount } = refunded;
  await recordRefund(db, connection, { orderId: event.orderId, refundId: event.refundId, ...refunded });
  const done = await refundOrder(db, events, {
    ownerId: connection.userId,
    businessId: connection.businessId,
    orderId: event.orderId,
    source: connection.provider,
    refundId: event.refundId,
    amount,
  });
  if (!done) return "not earned here";
  return done.duplicate ? "already refunded" : "refunded";
}
