import { kindsSql } from "../../../kinds";
import { and, eq, gt, sql } from "drizzle-orm";
import { EXPIRY_PREVIEW_DAYS } from "../../../../../contract/rewards";
import type { Db } from "../../../db/client";
import { cards, rewards } from "../../../db/schema";
import type { Events } from "../../../services/events";
import type { Jobs } from "../../../services/jobs";
import type { LoyaltyDeps } from "../shared/deps";
import { applyChange } from "../engine/apply";
import { expiresAtOf, expiryFromAfter } from "../engine/earn";
import { newestActiveRewardId } from "../engine/lock";

/** The kinds whose balance lapses (money earned never does). */
const LAPSING = kindsSql((kind) => kind.lapses);

/** Cards one page of the expiry job reads: a business of 100,000 cards is never all in memory. */
export const EXPIRY_PAGE = 500;

/**
 * The id of the reward a card collects for, as `chooseReward` picks it: its own while active, else
 * the business's newest active one.
 */
export const collectsForSql = sql<number | null>`coalesce(
    (select o.id from rewards o where o.id = ${cards.rewardId} and o.business_id = ${cards.businessId} and o.active),
    ${newestActiveRewardId(cards.businessId)})`;

/**
 * When a card's balance lapses (engine/earn.ts `expiresAt`: its last earn, or its reward's expiry
 * start when later, + its reward's `expire_after_days`), for a query over `cards`; null when it
 * never does (no such days, a cashback programme, no programme). The nightly job, the "about to
 * expire" automation and reward-expiry-preview read it.
 */
export const expiresAtSql = sql<Date | null>`(select ${expiresAtOf(cards.earnedAt, {
  kind: sql`r.kind`,
  days: sql`r.expire_after_days`,
  from: sql`r.expiry_from`,
})} from rewards r where r.id = ${collectsForSql})`;

/**
 * What setting a reward's expiry to `days` would lapse in the next EXPIRY_PREVIEW_DAYS days (by the
 * forward rule: the reward's expiry start as add-reward would set it): the cards it collects for
 * whose balance would lapse before then (already due included), and their balances' sum. A new
 * window of EXPIRY_PREVIEW_DAYS or more lapses nothing; a shorter one lapses every balance in it
 * that is not earned on again.
 */
export async function expiryPreview(db: Db, rewardId: number, days: number | null) {
  const lapsesAt = expiresAtOf(cards.earnedAt, {
    kind: rewards.kind,
    days: sql`${days}::int`,
    from: expiryFromAfter(days, { days: rewards.expireAfterDays, from: rewards.expiryFrom }),
  });
  const [row] = await db
    .select({ cards: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${cards.stamps}), 0)::text` })
    .from(cards)
    .innerJoin(rewards, eq(rewards.businessId, cards.businessId))
    .where(
      and(
        eq(rewards.id, rewardId),
        gt(cards.stamps, 0),
        sql`${collectsForSql} = ${rewards.id}`,
        sql`${lapsesAt} < now() + make_interval(days => ${EXPIRY_PREVIEW_DAYS})`,
      ),
    );
  return { cards: Number(row?.cards ?? 0), amount: Number(row?.amount ?? 0) };
}

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
 * Expiry: unspent stamps or points lapse `expire_after_days` after the card's last
 * earn (or the reward's expiry start, when later). Page by page per business with an expiring
 * programme, each card in its own transaction through the engine (`{kind: "expire"}`: balance to
 * 0, a history entry, the card's passes updated), which decides again under the card's lock: an
 * earn since the page was read keeps the balance. Run twice (pg-boss delivers at least once), the second run finds nothing due and writes
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

export function scheduleExpiry(jobs: Jobs, deps: Pick<LoyaltyDeps, "db" | "events" | "log">) {
  jobs.schedule("card-expiry", EXPIRY_CRON, async () => {
    const { expired } = await expireCards(deps.db, deps.events);
    if (expired > 0) deps.log.info({ expired }, "cards expired");
  });
}
