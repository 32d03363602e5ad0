import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cards, offers } from "../../db/schema";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { issueVoucher } from "../loyalty/engine/voucher";

/** One page of an offer-send: the cards of the segment as they were when it was sent. */
export type OfferSendJob = { offerId: number; cardIds: number[] };

export const OFFER_SEND_QUEUE = "offer-send";

/** Cards one job issues to, in one transaction. */
export const OFFER_SEND_BATCH = 500;

/**
 * The rows of the jobs that send `offerId` to the cards of `cardIds` (a query of `id`s): one job
 * per page of `OFFER_SEND_BATCH` cards, as `Jobs.insertSql` takes them.
 */
export function offerSendJobRows(offerId: number, cardIds: SQL): SQL {
  return sql`select ${OFFER_SEND_QUEUE}::text as queue, gen_random_uuid() as id,
      jsonb_build_object('offerId', ${offerId}::int, 'cardIds', jsonb_agg(m.id order by m.id)) as data
    from (select s.id, (row_number() over (order by s.id) - 1) / ${OFFER_SEND_BATCH} as page
      from (${cardIds}) s) m
    group by m.page`;
}

/**
 * The offer-send job: the campaign voucher to each card of its page, keyed per (offer, card), so
 * a job run again (a retry, a second delivery) issues nothing more. A retired offer issues no more.
 */
export function registerOfferSendJob(jobs: Jobs, deps: { db: Db; events: Events }) {
  return jobs.work<OfferSendJob>(OFFER_SEND_QUEUE, async ({ offerId, cardIds }) => {
    const [offer] = await deps.db
      .select({ id: offers.id, userId: offers.userId, businessId: offers.businessId, validDays: offers.validDays })
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.active, true)))
      .limit(1);
    if (!offer || cardIds.length === 0) return;
    await deps.db.transaction(async (tx) => {
      const members = await tx
        .select({ id: cards.id, userId: cards.userId, businessId: cards.businessId })
        .from(cards)
        .where(and(inArray(cards.id, cardIds), eq(cards.businessId, offer.businessId), eq(cards.userId, offer.userId)));
      for (const card of members) await issueVoucher(tx, deps.events, offer, card, "campaign");
    });
  });
}
