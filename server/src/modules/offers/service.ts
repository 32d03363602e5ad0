import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Segment } from "../../../../contract/customers";
import { segmentCardIds } from "../customers/segments";
import type { z } from "zod";
import type { CardVouchers, offerAddBody, Offer, Voucher } from "../../../../contract/offers";
import type { KindName } from "../../../../contract/kinds";
import type { Db } from "../../db/client";
import { cards, offers } from "../../db/schema";
import { actingOwnerId, type AuthUser } from "../../http/auth";
import { invalid, notFound } from "../../http/errors";
import { paginate } from "../../http/paginate";
import type { PageQuery } from "../../../../contract/pagination";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { OFFER_SEND_QUEUE, offerSendJobRows } from "./send-job";
import { UNKNOWN_CARD } from "../loyalty/cards/cards";
import { parseScannedCode } from "../loyalty/engine/codes";
import { costMinor, purchaseMinor } from "../loyalty/engine/earn";
import {
  issueVoucher,
  OFFER_KIND_NOT_FOR_PROGRAMME,
  programmeTakesOffer,
  redeemVoucher,
} from "../loyalty/engine/voucher";
import { businessForOffer, countOffers, counterVouchersOfSerial, findOffer, offerView, pageOfOffers } from "./queries";

export type OffersDeps = { db: Db; events: Events; jobs: Pick<Jobs, "insertSql" | "written" | "ready"> };

const OFFER_NOT_FOUND = "offers.notFound";

/** A decimal amount of the business's currency in minor units, or the 422 on `field`. */
function minorOf(field: string, amount: string | undefined, currency: string | null): number | null {
  if (amount === undefined) return null;
  const checked = purchaseMinor(amount, currency);
  if ("error" in checked) throw invalid(field, checked.error);
  return checked.minor;
}

/** offer-add: a business's offer; points and stamps offers only where the programme's kind takes them. */
export async function addOffer(db: Db, ownerId: number, body: z.output<typeof offerAddBody>): Promise<Offer> {
  const business = await businessForOffer(db, ownerId, body.business_id);
  if (!business) throw notFound("business.notFound");
  const units = body.points ?? body.stamps ?? null;
  if (units !== null && (!business.programme || !programmeTakesOffer(business.programme as KindName, body.kind))) {
    throw invalid("kind", OFFER_KIND_NOT_FOR_PROGRAMME);
  }
  const cost = costMinor(body.cost, business.currency);
  if ("error" in cost) throw invalid("cost", cost.error);
  const [row] = await db
    .insert(offers)
    .values({
      userId: ownerId,
      businessId: business.id,
      title: body.title,
      kind: body.kind,
      amountMinor: minorOf("amount", body.amount, business.currency),
      percent: body.percent ?? null,
      units,
      trigger: body.trigger,
      validDays: body.valid_days,
      minPurchaseMinor: minorOf("min_purchase", body.min_purchase, business.currency),
      costMinor: cost.minor,
    })
    .returning({ id: offers.id });
  return offerView((await findOffer(db, ownerId, row!.id))!);
}

export function listOffers(db: Db, ownerId: number, query: PageQuery & { business_id?: number }) {
  return paginate(
    query,
    () => countOffers(db, ownerId, query.business_id),
    (limit, offset) => pageOfOffers(db, ownerId, query.business_id, limit, offset),
  );
}

/** offer-delete: retires the offer (no more vouchers); those issued stay valid. */
export async function retireOffer(db: Db, ownerId: number, id: number) {
  const done = await db
    .update(offers)
    .set({ active: false })
    .where(and(eq(offers.id, id), eq(offers.userId, ownerId)))
    .returning({ id: offers.id });
  if (done.length === 0) throw notFound(OFFER_NOT_FOUND);
}

/** voucher-issue: a voucher of the offer for the scanned card of its business (owner or staff). */
export async function issueManualVoucher(
  deps: OffersDeps,
  user: AuthUser,
  body: { offer_id: number; serial: string },
): Promise<Voucher> {
  const ownerId = actingOwnerId(user);
  const found = await findOffer(deps.db, ownerId, body.offer_id);
  if (!found) throw notFound(OFFER_NOT_FOUND);
  const { offer } = found;
  if (!offer.active) throw invalid("offer_id", "offers.retired");
  const scanned = parseScannedCode(body.serial);
  if (scanned.kind !== "card") throw notFound(UNKNOWN_CARD);
  const [card] = await deps.db
    .select({ id: cards.id, userId: cards.userId, businessId: cards.businessId, serial: cards.serial })
    .from(cards)
    .where(and(eq(cards.serial, scanned.serial), eq(cards.userId, ownerId), eq(cards.businessId, offer.businessId)))
    .limit(1);
  if (!card) throw notFound(UNKNOWN_CARD);
  // Each manual issue is its own: keyed by a fresh id.
  const issued = await deps.db.transaction((tx) =>
    issueVoucher(tx, deps.events, offer, card, `manual:${randomUUID()}`),
  );
  return {
    code: issued!.code,
    title: offer.title,
    kind: offer.kind,
    serial: card.serial,
    expires_at: issued!.expiresAt.toISOString(),
    redeemed_at: null,
  };
}

/** card-vouchers: a card's unused vouchers and its business's manual offers (owner or staff); 404 for another's card. */
export async function counterVouchers(db: Db, user: AuthUser, serial: string): Promise<CardVouchers> {
  const found = await counterVouchersOfSerial(db, actingOwnerId(user), serial);
  if (!found) throw notFound(UNKNOWN_CARD);
  return found;
}

/** voucher-redeem: once, by the owner or their staff; another owner's code is as unknown as a wrong one. */
export async function redeemVoucherCode(
  deps: OffersDeps,
  user: AuthUser,
  body: { code: string; amount?: string },
): Promise<Voucher> {
  const ownerId = actingOwnerId(user);
  const redeemed = await deps.db.transaction((tx) =>
    redeemVoucher(tx, deps.events, { code: body.code, ownerId, actorUserId: user.id, amount: body.amount }),
  );
  if (!redeemed) throw notFound("vouchers.notFound");
  return {
    code: redeemed.code,
    title: redeemed.title,
    kind: redeemed.kind,
    serial: redeemed.serial,
    expires_at: redeemed.expiresAt.toISOString(),
    redeemed_at: redeemed.redeemedAt.toISOString(),
  };
}

/**
 * offer-send: counts the cards of the segment at the offer's business and queues their vouchers
 * as jobs of `OFFER_SEND_BATCH` cards (the outbox, in the same snapshot as the count); each card
 * gets the campaign voucher once, however often the offer is sent or a job is run.
 */
export async function sendOffer(
  deps: OffersDeps,
  ownerId: number,
  body: { offer_id: number; segment: Segment; days?: number; level?: string },
): Promise<{ queued: number }> {
  const found = await findOffer(deps.db, ownerId, body.offer_id);
  if (!found) throw notFound(OFFER_NOT_FOUND);
  const { offer } = found;
  if (!offer.active) throw invalid("offer_id", "offers.retired");
  if (offer.trigger !== "campaign") throw invalid("offer_id", "offers.notCampaign");
  await deps.jobs.ready([OFFER_SEND_QUEUE]);
  return deps.db.transaction(
    async (tx) => {
      const members = segmentCardIds(tx, ownerId, offer.businessId, body.segment, body.days, body.level);
      const { rows: counted } = (await tx.execute(sql`select count(*)::int as n from (${members}) m`)) as unknown as {
        rows: { n: number }[];
      };
      const { rows: written } = (await tx.execute(
        deps.jobs.insertSql(offerSendJobRows(offer.id, sql`${members}`), [OFFER_SEND_QUEUE]),
      )) as unknown as { rows: { name: string }[] };
      deps.jobs.written(written.map((row) => row.name));
      return { queued: Number(counted[0]?.n ?? 0) };
    },
    { isolationLevel: "repeatable read" },
  );
}
