import { and, eq, inArray, isNull } from "drizzle-orm";
import { lookColumns } from "../../card-design/service";
import type { Db } from "../../../db/client";
import { businesses, cardKeys, cards, users } from "../../../db/schema";
import { HttpError, notFound } from "../../../http/errors";
import { sha256 } from "../../../crypto";
import { cardOnDevice, findQr, resolveReward, UNKNOWN_QR, type CardRow, type ResolvedQr } from "./cards";

/** Where a card belongs: its business and the reward it collects for (the card page's header). */
export type CardPlace = Pick<ResolvedQr, "business" | "location" | "reward">;

/** How a customer's own call names its card: the QR code it was opened from, the card's serial, or both. */
export type CardRef = { qr_token?: string; serial?: string };

/**
 * The card this device holds with this serial: the card's own identity, its serial and one of the
 * device's card keys (the httpOnly card cookie). Without a serial, the newest card the device
 * holds (the cookie keeps keys newest first): a link saved before its code was regenerated names no
 * card. Null for a card of an owner who deleted their account.
 */
async function cardByKey(db: Db, secrets: string[], serial: string | undefined) {
  if (secrets.length === 0) return null;
  const hashes = secrets.map(sha256);
  const rows = await db
    .select({
      card: cards,
      secretHash: cardKeys.secretHash,
      business: {
        id: businesses.id,
        name: businesses.businessName,
        logoFileId: businesses.logoFileId,
        city: businesses.city,
        ...lookColumns,
      },
    })
    .from(cardKeys)
    .innerJoin(cards, eq(cards.id, cardKeys.cardId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .innerJoin(users, and(eq(users.id, cards.userId), isNull(users.deletedAt)))
    .where(and(inArray(cardKeys.secretHash, hashes), serial ? eq(cards.serial, serial) : undefined));
  const newest = (row: (typeof rows)[number]) => hashes.indexOf(row.secretHash);
  return rows.sort((a, b) => newest(a) - newest(b))[0] ?? null;
}

/**
 * The card a customer's own call means (the card page, its buttons, its wallet links).
 * A live QR token: the device's card at that code's business, as a scan finds it. A token that is
 * stale (the code was regenerated or deleted) or absent: the card by its own identity (`serial` and
 * the device's key; a stale token without a serial: the device's newest card), so a regenerated
 * code orphans no card holder. A stale token with no such card on the device is the "not valid any
 * more" 404; nothing here stamps or joins (those need `findQr`).
 */
export async function holderCard(
  db: Db,
  secrets: string[],
  ref: CardRef,
): Promise<{ card: CardRow | null; place: CardPlace | null; qr: ResolvedQr["qr"] | null }> {
  let stale = false;
  if (ref.qr_token) {
    try {
      const resolved = await findQr(db, ref.qr_token);
      return { card: await cardOnDevice(db, secrets, resolved.business.id), place: resolved, qr: resolved.qr };
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
      stale = true;
    }
  }
  const found = ref.serial || stale ? await cardByKey(db, secrets, ref.serial) : null;
  if (!found) {
    if (stale) throw notFound(UNKNOWN_QR);
    return { card: null, place: null, qr: null };
  }
  const reward = await resolveReward(db, found.card.businessId, found.card.rewardId);
  return { card: found.card, place: { business: found.business, location: null, reward }, qr: null };
}
