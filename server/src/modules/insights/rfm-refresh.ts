import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { Jobs } from "../../services/jobs";
import { scoreBusiness } from "./rfm";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/**
 * The scored businesses whose scores may have moved since their scoring: a scan, a card's visit
 * or a new card, or a till sale since then; and every one scored a day ago or more (the window
 * slides, a card was deleted). A business nobody has read the scores of is scored on its first read.
 */
async function dueBusinesses(db: Db): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`
      select g.business_id as id from rfm_scorings g
      where g.scored_at < now() - interval '1 day'
        or exists (select 1 from scans s where s.business_id = g.business_id and s.created_at >= g.scored_at)
        or exists (select 1 from cards c where c.business_id = g.business_id and c.last_visit_at >= g.scored_at)
        or exists (select 1 from sales x where x.business_id = g.business_id and x.occurred_at >= g.scored_at)
      order by g.business_id`),
  );
  return rows.map((r) => r.id);
}

/**
 * The RFM scoring job: scores again each business whose cards changed since its last scoring
 * (and each a day old), one business a transaction; the others are not touched. Run twice, the
 * second run finds nothing changed and scores nothing.
 */
export async function refreshRfmScores(db: Db): Promise<{ scored: number }> {
  const due = await dueBusinesses(db);
  for (const id of due) await scoreBusiness(db, id);
  return { scored: due.length };
}

/** Every 10 minutes, on one instance however many run: the scores are at most that old, plus a run. */
export const RFM_CRON = "*/10 * * * *";

export function scheduleRfmScores(jobs: Jobs, deps: { db: Db; log: FastifyBaseLogger }) {
  jobs.schedule("rfm-scores", RFM_CRON, async () => {
    const { scored } = await refreshRfmScores(deps.db);
    if (scored > 0) deps.log.info({ scored }, "rfm scores refreshed");
  });
}
