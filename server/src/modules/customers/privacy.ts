import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { CustomerExport } from "../../../../lib/contract/customers";
import type { Db } from "../../db/client";
import { applePassRegistrations, cards, customers, notifications, pushTokens } from "../../db/schema";
import type { Events } from "../../services/events";
import { customerDetail, findCustomerCard } from "./directory";

/** What replaces a deleted customer's name in the owner's feed ("Ann joined …"). */
export const DELETED_NAME = "A deleted customer";

/**
 * customer-export: everything kept about the person holding this card at this owner: who they
 * are, each of their cards with its whole history and the messages it received, and how many
 * devices hold it (the push and pass tokens themselves are credentials, not the customer's data).
 */
export async function exportCustomer(db: Db, ownerId: number, serial: string): Promise<CustomerExport> {
  const card = await findCustomerCard(db, ownerId, serial);
  const [customer] = await db.select().from(customers).where(eq(customers.id, card.customerId)).limit(1);
  const owned = await db
    .select({ serial: cards.serial, id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, ownerId), eq(cards.customerId, card.customerId)))
    .orderBy(cards.id);
  const all = await Promise.all(
    owned.map(async ({ serial: s, id }) => {
      const detail = await customerDetail(db, await findCustomerCard(db, ownerId, s), { history: "all" });
      const [[passes], [pushes]] = await Promise.all([
        db.select({ n: count() }).from(applePassRegistrations).where(eq(applePassRegistrations.cardId, id)),
        db.select({ n: count() }).from(pushTokens).where(eq(pushTokens.cardId, id)),
      ]);
      return { ...detail, devices: { apple_wallet_passes: passes!.n, push_subscriptions: pushes!.n } };
    }),
  );
  return {
    exported_at: new Date().toISOString(),
    customer: {
      name: customer!.name,
      email: customer!.email,
      phone: customer!.phone,
      birthday: customer!.birthday,
      created_at: customer!.createdAt.toISOString(),
    },
    cards: all,
  };
}

/**
 * Erases cards (and their holder once they hold none at this owner) in one transaction: the
 * cards' keys, pass tokens and registrations, push tokens, recovery codes and message receipts go
 * with them (cascades); scans stay, their card set to null, so the owner's figures do not change
 * and nothing in them names the person. The holder's name is taken out of the owner's feed. A
 * deleted card stops working at once: no key, serial or pass token finds it any more (Apple's pass
 * web service answers 401 for it). Its saved Google pass lives on Google's servers: each deleted
 * card emits `card.deleted`, in this transaction, and a job expires the pass (google-wallet).
 */
async function eraseCards(
  db: Db,
  events: Pick<Events, "emit">,
  ownerId: number,
  customerId: number,
  cardIds: number[],
) {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("update")
      .limit(1);
    const deleted = await tx
      .delete(cards)
      .where(and(eq(cards.userId, ownerId), eq(cards.customerId, customerId), inArray(cards.id, cardIds)))
      .returning({ id: cards.id, businessId: cards.businessId, serial: cards.serial });
    for (const card of deleted) {
      await events.emit(tx, {
        type: "card.deleted",
        ownerId,
        businessId: card.businessId,
        cardId: card.id,
        serial: card.serial,
      });
    }
    const [left] = await tx.select({ n: count() }).from(cards).where(eq(cards.customerId, customerId));
    const customerDeleted = left!.n === 0;
    if (customerDeleted && customer) {
      await tx.delete(customers).where(eq(customers.id, customerId));
      await tx
        .update(notifications)
        .set({ text: sql`replace(${notifications.text}, ${customer.name}, ${DELETED_NAME})` })
        .where(and(eq(notifications.userId, ownerId), inArray(notifications.kind, ["card_joined", "reward_redeemed"])));
    }
    return { cards_deleted: deleted.length, customer_deleted: customerDeleted };
  });
}

/** customer-delete: the person holding this card, with all their cards at this owner. */
export async function deleteCustomer(db: Db, events: Pick<Events, "emit">, ownerId: number, serial: string) {
  const card = await findCustomerCard(db, ownerId, serial);
  const owned = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, ownerId), eq(cards.customerId, card.customerId)));
  return eraseCards(
    db,
    events,
    ownerId,
    card.customerId,
    owned.map((c) => c.id),
  );
}

/** wallet-card-delete: the customer deletes one card of theirs (their other cards stay). */
export function deleteOwnCard(
  db: Db,
  events: Pick<Events, "emit">,
  card: { id: number; userId: number; customerId: number },
) {
  return eraseCards(db, events, card.userId, card.customerId, [card.id]);
}
