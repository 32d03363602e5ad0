import { and, count, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { CustomerExport } from "../../../../contract/customers";
import type { Db } from "../../db/client";
import { applePassRegistrations, cards, customers, notifications, pushTokens } from "../../db/schema";
import type { Events } from "../../services/events";
import { customerDetail, findCustomerCard } from "./directory";
import { contactHashSql } from "../loyalty/engine/referral";
import type { ProgrammeWords } from "../../../../contract/programme";

/** What a feed entry whose customer was erased calls them: their name left with them. */
export const DELETED_CUSTOMER = "A deleted customer";

/**
 * How older feed entries, written before an entry referenced its customer, begin with a customer's
 * name: on erasure, only an entry that begins with exactly the name and one of these loses it.
 */
const LEGACY_OPENINGS = [" joined ", " redeemed ", "'s card at "];

/**
 * customer-export: everything kept about the person holding this card at this owner: who they
 * are, each of their cards with its whole history and the messages it received, and how many
 * devices hold it (the push and pass tokens themselves are credentials, not the customer's data).
 */
export async function exportCustomer(
  db: Db,
  ownerId: number,
  serial: string,
  words: ProgrammeWords,
): Promise<CustomerExport> {
  const card = await findCustomerCard(db, ownerId, serial);
  const [customer] = await db.select().from(customers).where(eq(customers.id, card.customerId)).limit(1);
  const owned = await db
    .select({ serial: cards.serial, id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, ownerId), eq(cards.customerId, card.customerId)))
    .orderBy(cards.id);
  const all = await Promise.all(
    owned.map(async ({ serial: s, id }) => {
      // Who referred whom is other people's data too: the export keeps only that someone did.
      const {
        referred_by: referredBy,
        referral_bonuses: _bonuses,
        ...detail
      } = await customerDetail(db, await findCustomerCard(db, ownerId, s), words, {
        history: "all",
      });
      const [[passes], [pushes]] = await Promise.all([
        db.select({ n: count() }).from(applePassRegistrations).where(eq(applePassRegistrations.cardId, id)),
        db.select({ n: count() }).from(pushTokens).where(eq(pushTokens.cardId, id)),
      ]);
      return {
        ...detail,
        joined_through_referral: referredBy !== null,
        devices: { apple_wallet_passes: passes!.n, push_subscriptions: pushes!.n },
      };
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
 * and nothing in them names the person. The owner's feed points at the holder, so it no longer
 * names them once they are gone. A
 * deleted card stops working at once: no key, serial or pass token finds it any more (Apple's pass
 * web service answers 401 for it). Its saved Google pass lives on Google's servers: each deleted
 * card emits `card.deleted`, in this transaction, and a job expires the pass (google-wallet).
 * The holder's email and phone digits stay only as hashes (former_contacts): whoever comes back
 * with them through a referral link is no new customer, and earns no one a bonus.
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
    await tx.execute(sql`
      insert into former_contacts (user_id, contact_hash)
      select c.user_id, h.hash from customers c
      cross join lateral (values
        (${contactHashSql(sql`c.user_id`, "email", sql`lower(c.email)`)}),
        (case when length(regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g')) >= 6
          then ${contactHashSql(sql`c.user_id`, "phone", sql`regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g')`)} end)
      ) as h(hash)
      where c.id = ${customerId} and c.user_id = ${ownerId} and h.hash is not null
      on conflict do nothing`);
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
      // The feed's entries point at the customer (set null with the row): their sentences no
      // longer name them, and nothing else in the feed changes.
      await tx.delete(customers).where(eq(customers.id, customerId));
      await eraseLegacyFeedName(tx, ownerId, customer.name);
    }
    return { cards_deleted: deleted.length, customer_deleted: customerDeleted };
  });
}

/**
 * Entries written before the feed pointed at customers hold the sentence as it was
 * written: the one that opens with exactly this name and a sentence of theirs ("Ann joined …")
 * reads "A deleted customer joined …". Never a replace inside the text: a customer called
 * "joined" once rewrote every "… joined …" entry of the owner.
 */
async function eraseLegacyFeedName(tx: Db, ownerId: number, name: string) {
  // Lengths in characters, as PostgreSQL counts them (a name may hold an emoji).
  const opens = LEGACY_OPENINGS.map(
    (rest) => sql`left(${notifications.text}, length(${name + rest}::text)) = ${name + rest}::text`,
  );
  await tx
    .update(notifications)
    .set({ text: sql`${DELETED_CUSTOMER}::text || substr(${notifications.text}, length(${name}::text) + 1)` })
    .where(
      and(
        eq(notifications.userId, ownerId),
        isNotNull(notifications.text),
        inArray(notifications.kind, ["card_joined", "reward_redeemed", "fraud_alert"]),
        or(...opens),
      ),
    );
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
