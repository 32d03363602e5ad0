import { DEFAULT_KIND } from "../../../../contract/kinds";
import { eq } from "drizzle-orm";
import type { WebhookEvent } from "../../../../contract/webhooks";
import type { Db } from "../../db/client";
import { cards, customers, offers, rewards, vouchers } from "../../db/schema";
import type { DomainEvent, EventType } from "../../services/events";

/** The domain events webhooks hear (services/events.ts). */
export const WEBHOOK_DOMAIN_EVENTS = [
  "card.joined",
  "card.changed",
  "reward.redeemed",
  "card.flagged",
  "card.deleted",
  "customer.updated",
  "voucher.issued",
  "voucher.redeemed",
] as const satisfies readonly EventType[];

/**
 * The public name of a domain event, or null when webhooks say nothing of it. A redeem changes the
 * card too (`card.changed`), but is told once, as `reward.redeemed`.
 */
export function publicEventOf(e: DomainEvent): WebhookEvent | null {
  switch (e.type) {
    case "card.joined":
      return "card.created";
    case "card.changed":
      // A voucher's own event tells it (`voucher.issued`, `voucher.redeemed`).
      if (e.action === "redeem" || e.action === "voucher") return null;
      return e.action === "adjust" || e.action === "expire" ? "card.adjusted" : "card.earned";
    case "reward.redeemed":
      return "reward.redeemed";
    case "card.flagged":
      return "fraud.alert";
    case "card.deleted":
      return "card.deleted";
    case "customer.updated":
      return "customer.updated";
    case "voucher.issued":
    case "voucher.redeemed":
      return e.type;
    default:
      return null;
  }
}

async function customerData(db: Db, customerId: number) {
  const [c] = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      birthday: customers.birthday,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return c ?? null;
}

/** The card as it is when the event is delivered (null: deleted since). */
async function cardData(db: Db, cardId: number) {
  const [row] = await db
    .select({
      id: cards.id,
      serial: cards.serial,
      business_id: cards.businessId,
      balance: cards.stamps,
      unit: rewards.kind,
      customerId: cards.customerId,
    })
    .from(cards)
    .leftJoin(rewards, eq(rewards.id, cards.rewardId))
    .where(eq(cards.id, cardId))
    .limit(1);
  if (!row) return { card: null, customer: null };
  const { customerId, unit, ...card } = row;
  return { card: { ...card, unit: unit ?? DEFAULT_KIND }, customer: await customerData(db, customerId) };
}

/** A voucher as webhooks tell it: never its code (the holder's bearer secret). */
async function voucherData(db: Db, voucherId: number) {
  const [row] = await db
    .select({
      id: vouchers.id,
      offer_id: vouchers.offerId,
      title: offers.title,
      kind: offers.kind,
      expires_at: vouchers.expiresAt,
      redeemed_at: vouchers.redeemedAt,
    })
    .from(vouchers)
    .innerJoin(offers, eq(offers.id, vouchers.offerId))
    .where(eq(vouchers.id, voucherId))
    .limit(1);
  return row
    ? { ...row, expires_at: row.expires_at.toISOString(), redeemed_at: row.redeemed_at?.toISOString() ?? null }
    : null;
}

/** The `data` of an event's payload: what it is about, read when the fan-out runs. */
export async function dataOf(db: Db, e: DomainEvent): Promise<Record<string, unknown>> {
  switch (e.type) {
    case "card.deleted":
      return { card: { id: e.cardId, serial: e.serial, business_id: e.businessId } };
    case "customer.updated":
      return { customer: await customerData(db, e.customerId), changed: e.fields };
    case "reward.redeemed":
      return { ...(await cardData(db, e.cardId)), reward: e.rewardTitle };
    case "card.flagged":
      return { ...(await cardData(db, e.cardId)), reason: e.reason };
    case "voucher.issued":
    case "voucher.redeemed":
      return { ...(await cardData(db, e.cardId)), voucher: await voucherData(db, e.voucherId) };
    case "card.joined":
    case "card.changed":
      return { ...(await cardData(db, e.cardId)), business_id: e.businessId };
    default:
      return {};
  }
}

/** The body of a delivery, per Standard Webhooks: `{type, timestamp, data}`, sent byte for byte on every attempt. */
export const payloadOf = (type: string, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: new Date().toISOString(), data });
