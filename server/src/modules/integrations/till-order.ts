import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businesses, cardEvents, cards, customers, posConnections, posSkippedOrders } from "../../db/schema";
import type { Events } from "../../services/events";
import { newSerial } from "../loyalty/codes";
import { newestActiveRewardId } from "../loyalty/engine/lock";
import { earnForOrder, refundOrder } from "./order-earn";
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
  | "ignored";

/** The card of the paying customer at the connection's business: by email, else by the phone's digits. */
async function findCard(db: Db, connection: Connection, event: Extract<TillEvent, { kind: "paid" }>) {
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
async function enrol(db: Db, events: Events, connection: Connection, event: Extract<TillEvent, { kind: "paid" }>) {
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
    const [card] = await tx
      .insert(cards)
      .values({
        userId: connection.userId,
        businessId: connection.businessId,
        customerId: customer!.id,
        serial: newSerial(),
        rewardId: sql`${newestActiveRewardId(connection.businessId)}`,
      })
      .onConflictDoNothing()
      .returning();
    if (!card) return findCard(tx, connection, event);
    await tx.insert(cardEvents).values({
      userId: card.userId,
      businessId: card.businessId,
      cardId: card.id,
      kind: "join",
      stampsAfter: 0,
      reason: `Enrolled by a ${connection.provider} order`,
    });
    await events.emit(tx, { type: "card.joined", ownerId: card.userId, businessId: card.businessId, cardId: card.id });
    return { id: card.id };
  });
}

/** An order that earned nothing, listed once per connection and order. */
async function skip(
  db: Db,
  connection: Connection,
  event: Extract<TillEvent, { kind: "paid" }>,
  reason: "unknown-customer" | "currency",
) {
  await db
    .insert(posSkippedOrders)
    .values({ connectionId: connection.id, orderId: event.orderId, reason, email: event.email, phone: event.phone })
    .onConflictDoNothing();
}

/**
 * A verified delivery of a connection: a paid order earns once on its customer's card (orders in
 * another currency than the business's, and customers without a card, are listed, not earned);
 * a refund takes back what the order earned, once.
 */
export async function handleTillEvent(
  db: Db,
  events: Events,
  connection: Connection,
  event: TillEvent,
): Promise<TillOutcome> {
  if (event.kind === "ignored") return "ignored";
  const source = connection.provider;
  if (event.kind === "refund") {
    const done = await refundOrder(db, events, {
      ownerId: connection.userId,
      businessId: connection.businessId,
      orderId: event.orderId,
      source,
    });
    if (!done) return "not earned here";
    return done.duplicate ? "already refunded" : "refunded";
  }
  const [business] = await db
    .select({ currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, connection.businessId));
  if (event.currency && event.currency.toUpperCase() !== business?.currency) {
    await skip(db, connection, event, "currency");
    return "other currency";
  }
  const card =
    (await findCard(db, connection, event)) ??
    (connection.enrolUnknown && event.email ? await enrol(db, events, connection, event) : undefined);
  if (!card) {
    await skip(db, connection, event, "unknown-customer");
    return "unknown customer";
  }
  const done = await earnForOrder(db, events, {
    ownerId: connection.userId,
    businessId: connection.businessId,
    cardId: card.id,
    amount: event.amount ?? undefined,
    orderId: event.orderId,
    source,
    connectionId: connection.id,
  });
  return done?.duplicate ? "already earned" : "earned";
}
