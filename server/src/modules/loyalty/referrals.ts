import { randomBytes } from "node:crypto";
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { addToWalletUrl } from "../../../../contract/qr-codes";
import type { Db } from "../../db/client";
import { cards, customers, qrCodes } from "../../db/schema";
import { invalid } from "../../http/errors";
import type { Events } from "../../services/events";
import type { CardRow } from "./cards";
import { applyChange, type Applied } from "./engine/apply";
import { referralBonusOf } from "./programme-terms";

// Crockford's base32 (as serials, codes.ts): read aloud or typed without mix-ups.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A card's referral code: 12 characters, 60 random bits, unrelated to its serial. */
export const newReferralCode = () => [...randomBytes(12)].map((b) => ALPHABET[b & 31]).join("");

/** The card's referral code, made the first time it is asked for (cards from before issue 23 have none). */
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

/** A card referred by a friend whose bonus is not given yet: its next visit may give it (referralOnVisit). */
export const referralPending = ({ card }: Pick<Applied, "card">) =>
  card.referredByCardId !== null && card.referralRewardedAt === null;

/**
 * The referral bonus, after a visit of a referred card (in the visit's transaction, the card still
 * locked): on the friend's first earning visit, both cards earn `referralBonusOf(reward)` through
 * the engine (`{kind: "referral"}`), and `referral_rewarded_at` makes it once. None when the
 * friend's join was flagged by the join alert (its flag was written with the join), when it came
 * from the device the referrer joined on (the referrer's own second card), or when the bonus is 0.
 * Locks the friend's card first, then the referrer's: a referral always names an older card, so
 * two bonuses never wait on each other. Answers the visit with the friend's card after its bonus.
 */
export async function referralOnVisit(tx: Db, events: Events, visit: Applied): Promise<Applied> {
  const { card, reward, decision } = visit;
  if (!("visit" in decision) || !decision.visit || decision.delta <= 0) return visit;
  if (card.referredByCardId === null || card.referralRewardedAt !== null || !reward) return visit;
  const bonus = referralBonusOf(reward);
  if (bonus <= 0 || reward.kind === "cashback") return visit;
  const result = (await tx.execute(sql`select
      (select count(*) from scans s where s.card_id = ${card.id} and s.kind = 'stamp')::int as visits,
      exists (
        select 1 from card_events j join card_events f
          on f.card_id = j.card_id and f.kind = 'flag' and f.created_at = j.created_at
        where j.card_id = ${card.id} and j.kind = 'join'
      ) as flagged,
      exists (
        select 1 from card_events j join card_events r
          on r.card_id = ${card.referredByCardId} and r.kind = 'join' and r.device_hash = j.device_hash
        where j.card_id = ${card.id} and j.kind = 'join'
      ) as same_device`)) as unknown as { rows: { visits: number; flagged: boolean; same_device: boolean }[] };
  const check = result.rows[0]!;
  if (Number(check.visits) !== 1 || check.flagged || check.same_device) return visit;
  await tx
    .update(cards)
    .set({ referralRewardedAt: sql`now()` })
    .where(eq(cards.id, card.id));
  const friend = await applyChange(tx, events, { id: card.id }, { kind: "referral", bonus });
  const referrer = { id: card.referredByCardId, businessId: card.businessId };
  await applyChange(tx, events, referrer, { kind: "referral", bonus });
  return friend ? { ...visit, after: friend.after } : visit;
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
