import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { applePassRegistrations, applePassTokens, cardKeys, cards, customers, pushTokens } from "../../../db/schema";
import { sha256 } from "../../../crypto";
import { newCardSecret, newSerial } from "../engine/codes";
import type { CardRow } from "./cards";

/**
 * A recovery with an email code: the one who entered it owns the email, so the card becomes theirs
 * alone on this device. Every other way into the card ends, in one transaction:
 * - the other devices' keys (whoever joined first with this email, or a lost phone);
 * - the card's serial, which is its QR code at the counter (a screenshot or a cached page could
 *   still redeem with it) and the id of its wallet passes;
 * - Apple Wallet pass tokens and registrations, and browser push tokens of the card.
 * The customer's email counts as verified from now on.
 */
export async function takeOverCard(db: Db, card: CardRow): Promise<{ card: CardRow; secret: string }> {
  const secret = newCardSecret();
  const updated = await db.transaction(async (tx) => {
    await tx.delete(cardKeys).where(eq(cardKeys.cardId, card.id));
    await tx.insert(cardKeys).values({ cardId: card.id, secretHash: sha256(secret) });
    await tx.delete(applePassRegistrations).where(eq(applePassRegistrations.cardId, card.id));
    await tx.delete(applePassTokens).where(eq(applePassTokens.cardId, card.id));
    await tx.delete(pushTokens).where(eq(pushTokens.cardId, card.id));
    await tx
      .update(customers)
      .set({ emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, now())` })
      .where(eq(customers.id, card.customerId));
    const [row] = await tx
      .update(cards)
      .set({ serial: newSerial(), updatedAt: sql`now()` })
      .where(eq(cards.id, card.id))
      .returning();
    return row!;
  });
  return { card: updated, secret };
}
