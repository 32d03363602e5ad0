import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { BALANCE_OFFER_KINDS, type BalanceOfferKind, type CardVoucher, type Offer } from "../../../../contract/offers";
import { fromMinor } from "../../../../contract/money";
import type { Db } from "../../db/client";
import { businesses, cards, offers, rewards, vouchers } from "../../db/schema";

/** A business of the owner with its currency and its programme's kind (its newest active reward's). */
export async function businessForOffer(db: Db, ownerId: number, businessId: number) {
  const [row] = await db
    .select({
      id: businesses.id,
      currency: businesses.currency,
      programme: sql<
        string | null
      >`(select r.kind from ${rewards} r where r.business_id = ${businesses.id} and r.active order by r.id desc limit 1)`,
    })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, ownerId)))
    .limit(1);
  return row;
}

const issued = sql<number>`(select count(*)::int from ${vouchers} v where v.offer_id = ${offers.id})`;
const redeemed = sql<number>`(select count(*)::int from ${vouchers} v where v.offer_id = ${offers.id} and v.redeemed_at is not null)`;

const offerColumns = {
  offer: offers,
  currency: businesses.currency,
  issued,
  redeemed,
};

type OfferRow = { offer: typeof offers.$inferSelect; currency: string | null; issued: number; redeemed: number };

const money = (minor: number | null, currency: string | null) =>
  minor === null ? null : currency ? fromMinor(minor, currency) : String(minor);

export function offerView({ offer: o, currency, issued, redeemed }: OfferRow): Offer {
  // A points or stamps offer's count goes in the field of its own name.
  const balance: Partial<Record<BalanceOfferKind, number | null>> = (BALANCE_OFFER_KINDS as readonly string[]).includes(
    o.kind,
  )
    ? { [o.kind]: o.units }
    : {};
  return {
    id: o.id,
    business_id: o.businessId,
    title: o.title,
    kind: o.kind,
    amount: money(o.amountMinor, currency),
    percent: o.percent,
    points: null,
    stamps: null,
    ...balance,
    trigger: o.trigger,
    valid_days: o.validDays,
    min_purchase: money(o.minPurchaseMinor, currency),
    cost: money(o.costMinor, currency),
    active: o.active,
    issued: Number(issued),
    redeemed: Number(redeemed),
    created_at: o.createdAt.toISOString(),
  };
}

export async function findOffer(db: Db, ownerId: number, id: number) {
  const [row] = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(and(eq(offers.id, id), eq(offers.userId, ownerId)))
    .limit(1);
  return row;
}

export async function countOffers(db: Db, ownerId: number, businessId?: number) {
  const [row] = await db
    .select({ n: count() })
    .from(offers)
    .where(and(eq(offers.userId, ownerId), businessId ? eq(offers.businessId, businessId) : undefined));
  return row!.n;
}

export async function pageOfOffers(
  db: Db,
  ownerId: number,
  businessId: number | undefined,
  limit: number,
  offset: number,
) {
  const rows = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(businesses, eq(businesses.id, offers.businessId))
    .where(and(eq(offers.userId, ownerId), businessId ? eq(offers.businessId, businessId) : undefined))
    .orderBy(desc(offers.id))
    .limit(limit)
    .offset(offset);
  return rows.map(offerView);
}

/** A card's vouchers its holder may still use, soonest to expire first. */
export async function unusedVouchers(db: Db, cardId: number): Promise<CardVoucher[]> {
  const rows = await db
    .select({ code: vouchers.code, title: offers.title, expiresAt: vouchers.expiresAt })
    .from(vouchers)
    .innerJoin(offers, eq(offers.id, vouchers.offerId))
    .where(and(eq(vouchers.cardId, cardId), isNull(vouchers.redeemedAt), gt(vouchers.expiresAt, sql`now()`)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id));
  return rows.map((r) => ({ code: r.code, title: r.title, expires_at: r.expiresAt.toISOString() }));
}

/** The unused vouchers of one of the owner's cards by its serial; undefined when no such card. */
export async function unusedVouchersOfSerial(db: Db, ownerId: number, serial: string) {
  const [card] = await db
    .select({ id: cards.id, serial: cards.serial, currency: businesses.currency })
    .from(cards)
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(and(eq(cards.serial, serial), eq(cards.userId, ownerId)))
    .limit(1);
  if (!card) return undefined;
  const rows = await db
    .select({
      code: vouchers.code,
      title: offers.title,
      kind: offers.kind,
      expiresAt: vouchers.expiresAt,
      cost: offers.costMinor,
    })
    .from(vouchers)
    .innerJoin(offers, eq(offers.id, vouchers.offerId))
    .where(and(eq(vouchers.cardId, card.id), isNull(vouchers.redeemedAt), gt(vouchers.expiresAt, sql`now()`)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id));
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    kind: r.kind,
    serial: card.serial,
    expires_at: r.expiresAt.toISOString(),
    redeemed_at: null,
    cost: money(r.cost, card.currency),
  }));
}

/**
 * What the counter may do with vouchers for one of the owner's cards by its serial: its unused
 * vouchers (with the purchase each needs) and its business's active manual offers; undefined when
 * the owner has no such card.
 */
export async function counterVouchersOfSerial(db: Db, ownerId: number, serial: string) {
  const [card] = await db
    .select({ id: cards.id, serial: cards.serial, businessId: cards.businessId, currency: businesses.currency })
    .from(cards)
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(and(eq(cards.serial, serial), eq(cards.userId, ownerId)))
    .limit(1);
  if (!card) return undefined;
  const held = await db
    .select({
      code: vouchers.code,
      title: offers.title,
      kind: offers.kind,
      expiresAt: vouchers.expiresAt,
      minPurchase: offers.minPurchaseMinor,
    })
    .from(vouchers)
    .innerJoin(offers, eq(offers.id, vouchers.offerId))
    .where(and(eq(vouchers.cardId, card.id), isNull(vouchers.redeemedAt), gt(vouchers.expiresAt, sql`now()`)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id));
  const manual = await db
    .select({ id: offers.id, title: offers.title, kind: offers.kind })
    .from(offers)
    .where(
      and(
        eq(offers.userId, ownerId),
        eq(offers.businessId, card.businessId),
        eq(offers.trigger, "manual"),
        eq(offers.active, true),
      ),
    )
    .orderBy(asc(offers.title), asc(offers.id));
  return {
    vouchers: held.map((r) => ({
      code: r.code,
      title: r.title,
      kind: r.kind,
      serial: card.serial,
      expires_at: r.expiresAt.toISOString(),
      redeemed_at: null,
      min_purchase: money(r.minPurchase, card.currency),
    })),
    manual_offers: manual,
  };
}
