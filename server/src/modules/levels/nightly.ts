import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { cards, rewards } from "../../db/schema";
import type { Events } from "../../services/events";
import type { Jobs } from "../../services/jobs";
import { applyChange } from "../loyalty/engine/apply";
import { levelMeasureSql } from "../loyalty/engine/levels";

/** Cards one page of the nightly re-evaluation reads. */
export const LEVEL_PAGE = 500;

const ROLLING = "rolling_12_months";

/**
 * A page of the cards of a rolling-period reward whose measure now reaches another level than the
 * one they hold (the level's name in SQL, as levels.ts `levelAt`), by id after `afterId`.
 */
async function movedPage(db: Db, rewardId: number, afterId: number): Promise<number[]> {
  const measure = levelMeasureSql(
    { id: cards.id, lifetimeStamps: cards.lifetimeStamps, lifetimeSpend: cards.lifetimeSpend },
    { levels: rewards.levels, basis: rewards.levelBasis, period: rewards.levelPeriod },
  );
  const reached = sql`(select l->>'name' from jsonb_array_elements(${rewards.levels}) l
    where (l->>'from')::float8 <= ${measure} order by (l->>'from')::float8 desc limit 1)`;
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(rewards, eq(rewards.id, cards.rewardId))
    .where(and(eq(cards.rewardId, rewardId), gt(cards.id, afterId), sql`${reached} is distinct from ${cards.level}`))
    .orderBy(asc(cards.id))
    .limit(LEVEL_PAGE);
  return rows.map((r) => r.id);
}

/**
 * The nightly re-evaluation of rolling levels: a card whose last twelve months reach another
 * level moves to it, down as well as up, each in its own transaction through the engine
 * (`{kind: "level"}`: the level written, a history entry, its passes updated and the customer
 * told), which decides again under the card's lock. Run twice, the second run finds every card
 * at its level and writes nothing.
 */
export async function reevaluateLevels(db: Db, events: Events): Promise<{ moved: number }> {
  const rolling = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(
      and(eq(rewards.active, true), eq(rewards.levelPeriod, ROLLING), sql`jsonb_array_length(${rewards.levels}) > 0`),
    )
    .orderBy(asc(rewards.id));
  let moved = 0;
  for (const { id } of rolling) {
    let afterId = 0;
    for (;;) {
      const page = await movedPage(db, id, afterId);
      for (const cardId of page) {
        const done = await db.transaction((tx) => applyChange(tx, events, { id: cardId }, { kind: "level" }));
        if (done && done.decision.action !== "wait" && done.decision.action !== "refuse") moved++;
      }
      if (page.length < LEVEL_PAGE) break;
      afterId = page.at(-1)!;
    }
  }
  return { moved };
}

/** Every day at 03:53 UTC (after expiry), on one instance however many run. */
export const LEVELS_CRON = "53 3 * * *";

export function scheduleLevels(jobs: Jobs, deps: { db: Db; events: Events; log: FastifyBaseLogger }) {
  jobs.schedule("card-levels", LEVELS_CRON, async () => {
    const { moved } = await reevaluateLevels(deps.db, deps.events);
    if (moved > 0) deps.log.info({ moved }, "card levels re-evaluated");
  });
}
