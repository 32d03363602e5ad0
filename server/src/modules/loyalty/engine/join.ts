import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cardEvents, cardKeys, cards, customers, qrCodes, scans } from "../../../db/schema";
import { isUniqueViolation } from "../../../db/errors";
import { Refusal } from "../../../domain/refusal";
import { sha256 } from "../../../crypto";
import { notifyCounter } from "../../../services/counter-feed";
import type { Events } from "../../../services/events";
import { deviceHash, newCardSecret, newSerial } from "./codes";
import { businessToday } from "./day";
import { applyChange } from "./apply";
import { settleReferral } from "./referral";
import { issueJoinVouchers } from "./voucher";
import { JOIN_ALERT, joinDecision, type RewardRow } from "./rules";
import { stampsRequiredOf } from "../../../../../contract/kinds";

export const CARD_EXISTS = "join.cardExists";

/** Where a customer's scan came from: the QR code's counter window, the client and its device. */
export type ScanOrigin = { counterWindow: number | null; ip?: string; deviceHash?: string | null };

/** A join's input; `referrerCardId`: the card whose referral link it came through (referrals/referrals.ts findReferrer). */
export type JoinInput = {
  name: string;
  email: string;
  phone?: string;
  /** The phone in E.164 (from the business's country), when it is a valid number. */
  phoneE164?: string | null;
  birthday?: string;
  referrerCardId?: number | null;
  /** The optional marketing consents ticked on the join form (recorded with `source`: join). */
  consentEmail?: boolean;
  consentSms?: boolean;
  /** The language of the page the customer joined on. */
  locale?: string | null;
};

/**
 * wallet-join: customer (per owner), card with its first visit's earn (a self-scan of today: a
 * stamp, the visit's points, no cashback; rules.ts), the device's key, the join scan, its history
 * entry and its events. More than JOIN_ALERT.joins joins from this device at the business in
 * JOIN_ALERT.minutes flag the new card (rules.ts). A device that holds no card yet is known from
 * here on by the new card's key (it becomes its oldest), so its first join counts too. Runs in its own (nested) transaction: an email that already has a
 * card here is a 422 and leaves the caller's transaction usable. A friend's join records who
 * referred them; a reward whose referral trigger is `join` decides the referral here (referral.ts).
 */
export async function joinCard(
  db: Db,
  events: Events,
  resolved: { qr: typeof qrCodes.$inferSelect; reward: RewardRow | null },
  input: JoinInput,
  origin: ScanOrigin = { counterWindow: null },
) {
  const { qr, reward } = resolved;
  const secret = newCardSecret();
  const device = origin.deviceHash ?? deviceHash([secret])!;
  try {
    const card = await db.transaction(async (tx) => {
      // A referral decided at the join locks the referrer's card (referral.ts): locked first, as
      // the new card's reference to it takes a share lock that two friends' joins would each hold.
      if (input.referrerCardId && reward?.referralTrigger === "join") {
        await tx.execute(sql`select id from cards where id = ${input.referrerCardId} for update`);
      }
      await tx
        .insert(customers)
        .values({
          userId: qr.userId,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          phoneE164: input.phoneE164 ?? null,
          birthday: input.birthday ?? null,
        })
        .onConflictDoNothing();
      const [customer] = await tx
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.userId, qr.userId), sql`lower(${customers.email}) = lower(${input.email})`))
        .limit(1);
      // The device's joins before this one, and the business's day.
      const [recent] = await tx
        .select({ n: sql<number>`count(*)::int`, today: sql<string>`${businessToday(qr.businessId)}::text` })
        .from(cardEvents)
        .where(
          and(
            eq(cardEvents.businessId, qr.businessId),
            eq(cardEvents.kind, "join"),
            sql`${cardEvents.createdAt} > now() - make_interval(mins => ${JOIN_ALERT.minutes})`,
            eq(cardEvents.deviceHash, device),
          ),
        );
      const { values, flag, unit } = joinDecision(reward, recent!.today, origin.counterWindow, Number(recent!.n) + 1);
      const [card] = await tx
        .insert(cards)
        .values({
          userId: qr.userId,
          businessId: qr.businessId,
          customerId: customer!.id,
          serial: newSerial(),
          referredByCardId: input.referrerCardId ?? null,
          locale: input.locale ?? null,
          ...(input.consentEmail && { consentEmailAt: sql`now()`, consentEmailSource: "join" }),
          ...(input.consentSms && { consentSmsAt: sql`now()`, consentSmsSource: "join" }),
          ...values,
          lastSelfStampAt: sql`now()`,
          ...(flag && { flaggedAt: sql`now()`, flagReason: flag }),
        })
        .returning();
      const by = { userId: card!.userId, businessId: card!.businessId, cardId: card!.id, stampsAfter: card!.stamps };
      await tx.insert(cardKeys).values({ cardId: card!.id, secretHash: sha256(secret) });
      await tx
        .insert(scans)
        .values({ ...by, kind: "join", qrCodeId: qr.id, addressId: qr.addressId, rewardId: card!.rewardId });
      await tx.insert(cardEvents).values([
        {
          ...by,
          kind: "join",
          delta: card!.stamps,
          unit,
          qrCodeId: qr.id,
          clientIp: origin.ip ?? null,
          deviceHash: device,
        },
        ...(flag ? [{ ...by, kind: "flag" as const, unit, reason: flag, qrCodeId: qr.id }] : []),
      ]);
      await notifyCounter(tx, {
        qr_id: qr.id,
        action: "join",
        stamps: card!.stamps,
        stamps_required: stampsRequiredOf(reward),
      });
      const { userId: ownerId, businessId, id: cardId } = card!;
      await events.emit(tx, { type: "card.joined", ownerId, businessId, cardId });
      if (flag) await events.emit(tx, { type: "card.flagged", ownerId, businessId, cardId, reason: flag });
      await issueJoinVouchers(tx, events, card!);
      if (card!.referredByCardId !== null && reward?.referralTrigger === "join") {
        const after = await settleReferral(tx, events, { card: card!, reward }, (k, c) =>
          applyChange(tx, events, k, c),
        );
        if (after) return { card: after, customerName: customer!.name, flagged: flag };
      }
      return { card: card!, customerName: customer!.name, flagged: flag };
    });
    return { ...card, secret };
  } catch (error) {
    // The (customer, business) index: this email has a card here already (or a double submit).
    if (isUniqueViolation(error)) throw new Refusal("email", CARD_EXISTS);
    throw error;
  }
}
