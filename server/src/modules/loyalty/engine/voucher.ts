import { and, eq, sql } from "drizzle-orm";
import { kindOf, type KindName } from "../../../../../contract/kinds";
import { fromMinor } from "../../../../../contract/money";
import { BALANCE_OFFER_KINDS, type OfferKind } from "../../../../../contract/offers";
import { sha256 } from "../../../crypto";
import type { Db } from "../../../db/client";
import { businesses, cards, offers, rewards, vouchers } from "../../../db/schema";
import { Refusal } from "../../../domain/refusal";
import { sentence } from "../../../i18n/sentence";
import type { Events } from "../../../services/events";
import { applyChange } from "./apply";
import { newVoucherCode } from "./codes";
import { purchaseMinor } from "./earn";

export const OFFER_KIND_NOT_FOR_PROGRAMME = "offers.kindNotForProgramme";

/** Whether a programme of `kind` takes an offer of `offerKind`: the balance offers are its face's to say. */
export function programmeTakesOffer(kind: KindName, offerKind: OfferKind): boolean {
  const addsToBalance = (BALANCE_OFFER_KINDS as readonly OfferKind[]).includes(offerKind);
  return !addsToBalance || kindOf(kind).balanceOffer === offerKind;
}

export type IssuingOffer = { id: number; userId: number; businessId: number; validDays: number };
export type IssuedVoucher = { id: number; code: string; expiresAt: Date; cardId: number };

/**
 * Issues the offer's voucher to the card, once per (offer, card, `issueKey`), in the caller's
 * transaction, with its events (`voucher.issued`; the card's passes show it). Null when that key
 * was issued already: a job run twice, or a race, issues one voucher.
 */
export async function issueVoucher(
  tx: Db,
  events: Events,
  offer: IssuingOffer,
  card: { id: number; userId: number; businessId: number },
  issueKey: string,
): Promise<IssuedVoucher | null> {
  const code = newVoucherCode();
  const [row] = await tx
    .insert(vouchers)
    .values({
      userId: offer.userId,
      offerId: offer.id,
      cardId: card.id,
      code,
      codeHash: sha256(code),
      issueKey,
      expiresAt: sql`now() + make_interval(days => ${offer.validDays})`,
    })
    .onConflictDoNothing({ target: [vouchers.offerId, vouchers.cardId, vouchers.issueKey] })
    .returning({ id: vouchers.id, code: vouchers.code, expiresAt: vouchers.expiresAt, cardId: vouchers.cardId });
  if (!row) return null;
  const ids = { ownerId: card.userId, businessId: card.businessId, cardId: card.id };
  await events.emit(tx, { type: "voucher.issued", ...ids, voucherId: row.id });
  await events.emit(tx, { type: "card.changed", ...ids, action: "voucher" });
  return row;
}

/** The join trigger: each active `join` offer of the business gives the new card its welcome voucher. */
export async function issueJoinVouchers(
  tx: Db,
  events: Events,
  card: { id: number; userId: number; businessId: number },
) {
  const welcome = await tx
    .select({ id: offers.id, userId: offers.userId, businessId: offers.businessId, validDays: offers.validDays })
    .from(offers)
    .where(and(eq(offers.businessId, card.businessId), eq(offers.trigger, "join"), eq(offers.active, true)));
  for (const offer of welcome) await issueVoucher(tx, events, offer, card, "join");
}

export type RedeemedVoucher = {
  id: number;
  code: string;
  title: string;
  kind: OfferKind;
  serial: string;
  expiresAt: Date;
  redeemedAt: Date;
  /** What it costs the owner (its offer's cost), a decimal of the business's currency; null: not said. */
  cost: string | null;
};

/**
 * voucher-redeem, in the caller's transaction: the voucher row locked, so of any number of
 * concurrent redeems one marks it used and the others see it used. A points or stamps offer adds
 * to the card through the engine's apply path (a correction whose reason names the voucher).
 * Undefined when the owner has no voucher by this code; a refusal (used, expired, a purchase too
 * small) writes nothing.
 */
export async function redeemVoucher(
  tx: Db,
  events: Events,
  input: { code: string; ownerId: number; actorUserId: number; amount?: string },
): Promise<RedeemedVoucher | undefined> {
  const [v] = await tx
    .select({
      id: vouchers.id,
      code: vouchers.code,
      redeemedAt: vouchers.redeemedAt,
      expiresAt: vouchers.expiresAt,
      expired: sql<boolean>`${vouchers.expiresAt} <= now()`,
      cardId: vouchers.cardId,
      serial: cards.serial,
      businessId: cards.businessId,
      title: offers.title,
      kind: offers.kind,
      units: offers.units,
      minPurchaseMinor: offers.minPurchaseMinor,
      costMinor: offers.costMinor,
      currency: businesses.currency,
      programme: rewards.kind,
    })
    .from(vouchers)
    .innerJoin(offers, eq(offers.id, vouchers.offerId))
    .innerJoin(cards, eq(cards.id, vouchers.cardId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .leftJoin(rewards, eq(rewards.id, cards.rewardId))
    .where(and(eq(vouchers.codeHash, sha256(input.code)), eq(vouchers.userId, input.ownerId)))
    .limit(1)
    .for("update", { of: vouchers });
  if (!v) return undefined;
  if (v.redeemedAt) throw new Refusal("code", "vouchers.used");
  if (v.expired) throw new Refusal("code", "vouchers.expired");
  if (v.minPurchaseMinor !== null) {
    if (input.amount === undefined) {
      throw new Refusal("amount", minPurchaseSentence(v.minPurchaseMinor, v.currency));
    }
    const paid = purchaseMinor(input.amount, v.currency);
    if ("error" in paid) throw new Refusal("amount", paid.error);
    if (paid.minor < v.minPurchaseMinor)
      throw new Refusal("amount", minPurchaseSentence(v.minPurchaseMinor, v.currency));
  }
  if (v.units !== null) {
    if (!v.programme || !programmeTakesOffer(v.programme, v.kind))
      throw new Refusal("code", OFFER_KIND_NOT_FOR_PROGRAMME);
    await applyChange(
      tx,
      events,
      { id: v.cardId },
      { kind: "correction", delta: v.units, actorUserId: input.actorUserId, reason: `${v.title} (${v.code})` },
    );
  }
  const [done] = await tx
    .update(vouchers)
    .set({ redeemedAt: sql`now()`, redeemedBy: input.actorUserId })
    .where(eq(vouchers.id, v.id))
    .returning({ redeemedAt: vouchers.redeemedAt });
  const ids = { ownerId: input.ownerId, businessId: v.businessId, cardId: v.cardId };
  await events.emit(tx, { type: "voucher.redeemed", ...ids, voucherId: v.id });
  await events.emit(tx, { type: "card.changed", ...ids, action: "voucher" });
  return {
    id: v.id,
    code: v.code,
    title: v.title,
    kind: v.kind,
    serial: v.serial,
    expiresAt: v.expiresAt,
    redeemedAt: done!.redeemedAt!,
    cost: v.costMinor !== null && v.currency ? fromMinor(v.costMinor, v.currency) : null,
  };
}

const minPurchaseSentence = (minor: number, currency: string | null) =>
  sentence("vouchers.minPurchase", { amount: currency ? `${fromMinor(minor, currency)} ${currency}` : String(minor) });
