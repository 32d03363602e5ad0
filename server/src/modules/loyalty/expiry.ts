import { kindsSql } from "../../../../kinds/server";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { cards } from "../../db/schema";
import type { Events } from "../../services/events";
import { applyChange } from "./engine/apply";
import { newestActiveRewardId } from "./engine/lock";

/** The kinds whose balance lapses (money earned never does). */
const LAPSING = kindsSql((kind) => kind.lapses);

/** Cards one page of the expiry job reads: a business of 100,000 cards is never all in memory. */
export const EXPIRY_PAGE = 500;

/**
 * When a card's balance lapses (its last visit + its reward's `expire_after_days`), for a query
 * over `cards`; null when it never does (no such days, a cashback programme, no programme). The
 * reward is the one the card collects for, as `chooseReward` picks it: its own while active, else
 * the business's newest active one. The "about to expire" automation reads it too.
 */
export const expiresAtSql = sql<Date | null>`(select ${cards.lastVisitAt} + make_interval(days => r.expire_after_days)
  from rewards r
  where r.kind in ${LAPSING} and r.id = coalesce(
    (select o.id from rewards o where o.id = ${cards.rewardId} and o.business_id = ${cards.businessId} and o.active),
    ${newestActiveRewardId(cards.businessId)}))`;

/** A page of the cards of one business whose balance has lapsed now (by the database's clock), by id. */
async function duePage(db: Db, businessId: number, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(eq(cards.businessId, businessId), gt(cards.id, afterId), gt(cards.stamps, 0), sql`${expiresAtSql} <= now()`),
    )
    .orderBy(cards.id)
    .limit(EXPIRY_PAGE);
  return rows.map((r) => r.id);
}

/**
 * Expiry (issue 23 §5): unspent stamps or points lapse `expire_after_days` after the card's last
 * visit. Page by page per business with an expiring programme, each card in its own transaction
 * through the engine (`{kind: "expire"}`: balance to 0, a history entry, the card's passes
 * updated), which decides again under the card's lock: a visit since the page was read keeps the
 * balance. Run twice (pg-boss delivers at least once), the second run finds nothing due and writes
 * nothing: the balance it would expire is already 0, so no effect key is needed.
 */
export async function expireCards(db: Db, events: Events): Promise<{ expired: number }> {
  const businesses = (await db.execute(sql`
    select distinct business_id from rewards
    where active and kind in ${LAPSING} and expire_after_days is not null
    order by business_id`)) as unknown as { rows: { business_id: number }[] };
  let expired = 0;
  for (const { business_id: businessId } of businesses.rows) {
    let afterId = 0;
    for (;;) {
      const page = await duePage(db, Number(businessId), afterId);
      for (const cardId of page) {
        const done = await db.transaction((tx) => applyChange(tx, events, { id: cardId }, { kind: "expire" }));
        if (done?.decision.action === "expire") expired++;
      }
      if (page.length < EXPIRY_PAGE) break;
      afterId = page.at(-1)!;
    }
  }
  return { expired };
}

/** Every day at 03:41 UTC, on one instance however many run (a scheduled job, services/jobs.ts). */
export const EXPIRY_CRON = "41 3 * * *";

export function scheduleExpiry(app: FastifyInstance) {
  app.jobs.schedule("card-expiry", EXPIRY_CRON, async () => {
    const { expired } = await expireCards(app.db, app.events);
    if (expired > 0) app.log.info({ expired }, "cards expired");
  });
}
