import { kindOf, type KindName as RewardKind } from "../../../../../contract/kinds";
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReferralBonusEntry } from "../../../../../contract/customers";
import { addToWalletUrl } from "../../../../../contract/qr-codes";
import type { Db } from "../../../db/client";
import { businesses, cards, customers, qrCodes, referralBonuses } from "../../../db/schema";
import { invalid } from "../../../http/errors";
import type { CardRow } from "../cards/cards";

// Crockford's base32 (as serials, engine/codes.ts): read aloud or typed without mix-ups.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A card's referral code: 12 characters, 60 random bits, unrelated to its serial. */
export const newReferralCode = () => [...randomBytes(12)].map((b) => ALPHABET[b & 31]).join("");

/** The card's referral code, made the first time it is asked for (cards older than referral codes have none). */
export async function referralCodeOf(db: Db, card: Pick<CardRow, "id" | "referralCode">): Promise<string | null> {
  if (card.referralCode) return card.referralCode;
  // Two first asks at once: the second waits on the row and keeps the first one's code.
  const [row] = await db
    .update(cards)
    .set({ referralCode: sql`coalesce(${cards.referralCode}, ${newReferralCode()})` })
    .where(eq(cards.id, card.id))
    .returning({ code: cards.referralCode });
  return row?.code ?? null;
}

/**
 * The link a card holder shares (wallet-card's `referral_url`): the add-to-wallet page of a QR code
 * of the card's business, with the card's `ref`. A static code when there is one (a rotating one
 * joins only with the counter screen's current code: the friend must be at the counter), the one
 * the card was opened from first. Null when the business has no QR code.
 */
export async function referralUrl(db: Db, origin: string, card: CardRow, openedQrId: number | null) {
  const [qr] = await db
    .select({ token: qrCodes.qrToken })
    .from(qrCodes)
    .where(eq(qrCodes.businessId, card.businessId))
    .orderBy(sql`${qrCodes.mode} = 'static' desc`, sql`${qrCodes.id} = ${openedQrId ?? 0} desc`, desc(qrCodes.id))
    .limit(1);
  if (!qr) return null;
  const code = await referralCodeOf(db, card);
  return code ? `${addToWalletUrl(origin, qr.token)}&ref=${encodeURIComponent(code)}` : null;
}

/** The card a join's `ref` names, of this business; a 422 (nothing written) for any other code. */
export async function findReferrer(db: Db, businessId: number, ref: string): Promise<number> {
  const [row] = await db
    .select({ id: cards.id, businessId: cards.businessId })
    .from(cards)
    .where(eq(cards.referralCode, ref))
    .limit(1);
  if (!row) throw invalid("ref", "referrals.unknown");
  if (row.businessId !== businessId) throw invalid("ref", "referrals.otherBusiness");
  return row.id;
}

/**
 * How many customers joined through a referral link, of an owner (and one business): the
 * dashboard's "referrals" figure. The partial index on `referred_by_card_id` holds only those cards.
 */
export async function referralsCount(db: Db, ownerId: number, businessId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cards)
    .where(
      and(
        isNotNull(cards.referredByCardId),
        eq(cards.userId, ownerId),
        businessId === undefined ? undefined : eq(cards.businessId, businessId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A card's referrals as the customer's page shows them: who referred it, how many it referred. */
export async function cardReferrals(db: Db, cardId: number) {
  const [[by], [referred]] = await Promise.all([
    db
      .select({ serial: cards.serial, name: customers.name })
      .from(cards)
      .innerJoin(customers, eq(customers.id, cards.customerId))
      .where(sql`${cards.id} = (select c.referred_by_card_id from cards c where c.id = ${cardId})`)
      .limit(1),
    db.select({ n: count() }).from(cards).where(eq(cards.referredByCardId, cardId)),
  ]);
  return { referred_by: by ?? null, referrals: Number(referred?.n ?? 0) };
}

const friendCard = alias(cards, "friend_card");
const friendCustomer = alias(customers, "friend_customer");
const referrerCard = alias(cards, "referrer_card");
const referrerCustomer = alias(customers, "referrer_customer");

/** The latest referral bonuses a card's page lists. */
export const CARD_REFERRAL_BONUSES_MAX = 50;

/**
 * Referral bonuses as the customer's page shows them (and referral-review answers): the friend,
 * the referrer, the status and both bonuses in the programme's unit (cashback: decimal strings).
 * `where` picks them; one owner's only.
 */
export async function referralBonusEntries(db: Db, ownerId: number, where: SQL): Promise<ReferralBonusEntry[]> {
  const rows = await db
    .select({
      bonus: referralBonuses,
      currency: businesses.currency,
      friendSerial: friendCard.serial,
      friendName: friendCustomer.name,
      referrerSerial: referrerCard.serial,
      referrerName: referrerCustomer.name,
    })
    .from(referralBonuses)
    .innerJoin(businesses, eq(businesses.id, referralBonuses.businessId))
    .innerJoin(friendCard, eq(friendCard.id, referralBonuses.friendCardId))
    .innerJoin(friendCustomer, eq(friendCustomer.id, friendCard.customerId))
    .innerJoin(referrerCard, eq(referrerCard.id, referralBonuses.referrerCardId))
    .innerJoin(referrerCustomer, eq(referrerCustomer.id, referrerCard.customerId))
    .where(and(eq(referralBonuses.userId, ownerId), where))
    .orderBy(desc(referralBonuses.id))
    .limit(CARD_REFERRAL_BONUSES_MAX);
  const inUnit = (value: number, unit: RewardKind, currency: string | null) => kindOf(unit).unitValue(value, currency);
  return rows.map(({ bonus: b, currency, ...names }) => ({
    id: b.id,
    status: b.status,
    held_reason: b.heldReason,
    friend: { serial: names.friendSerial, name: names.friendName },
    referrer: { serial: names.referrerSerial, name: names.referrerName },
    referrer_bonus: inUnit(b.referrerBonus, b.unit, currency),
    friend_bonus: inUnit(b.friendBonus, b.unit, currency),
    unit: b.unit,
    currency,
    created_at: b.createdAt.toISOString(),
    reviewed_at: b.reviewedAt?.toISOString() ?? null,
  }));
}

/** The bonuses a card is the friend or the referrer of. */
export const cardReferralBonuses = (db: Db, ownerId: number, cardId: number) =>
  referralBonusEntries(
    db,
    ownerId,
    or(eq(referralBonuses.friendCardId, cardId), eq(referralBonuses.referrerCardId, cardId))!,
  );
