import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { Jobs } from "../../services/jobs";
import { countCohorts } from "./cohorts";
import { catchUpAll } from "./rollups";
import { scoreBusiness } from "./rfm";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/**
 * The businesses of a kept figure (`table`, with its time `at`) that may have moved since it was
 * figured: a scan, a card's visit or a new card, or a till sale since then; and every one figured
 * a day ago or more (the periods slide, a card was deleted). A business nobody has read the figure
 * of is figured on its first read.
 */
async function dueBusinesses(db: Db, table: SQL, at: SQL): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`
      select g.business_id as id from ${table} g
      where ${at} < now() - interval '1 day'
        or exists (select 1 from scans s where s.business_id = g.business_id and s.created_at >= ${at})
        or exists (select 1 from cards c where c.business_id = g.business_id and c.last_visit_at >= ${at})
        or exists (select 1 from sales x where x.business_id = g.business_id and x.occurred_at >= ${at})
      order by g.business_id`),
  );
  return rows.map((r) => r.id);
}

/**
 * Scores again each business whose cards changed since its last RFM scoring (and each a day
 * old), one business a transaction; the others are not touched. Run twice, the second run finds
 * nothing changed and scores nothing.
 */
export async function refreshRfmScores(db: Db): Promise<{ scored: number }> {
  const due = await dueBusinesses(db, sql`rfm_scorings`, sql`g.scored_at`);
  for (const id of due) await scoreBusiness(db, id);
  return { scored: due.length };
}

/** Counts again the cohorts of each business that changed since its last count (and each a day old). */
export async function refreshCohorts(db: Db): Promise<{ counted: number }> {
  const due = await dueBusinesses(db, sql`cohort_counts`, sql`g.counted_at`);
  for (const id of due) await countCohorts(db, id);
  return { counted: due.length };
}

/**
 * Every 10 minutes, on one instance however many run: the RFM scores and the cohort counts are at
 * most that old, plus a run.
 */
export const INSIGHTS_CRON = "*/10 * * * *";

/**
 * Every minute, on one instance: the period rollups count what was written since, so a read
 * (which catches its business up first) finds at most a minute of history to count.
 */
export const ROLLUPS_CRON = "* * * * *";

export function scheduleInsights(jobs: Jobs, deps: { db: Db; log: FastifyBaseLogger }) {
  jobs.schedule("insight-rollups", ROLLUPS_CRON, async () => {
    const { businesses, changes } = await catchUpAll(deps.db);
    if (changes > 0) deps.log.debug({ businesses, changes }, "insight rollups caught up");
  });
  jobs.schedule("insight-figures", INSIGHTS_CRON, async () => {
    const { scored } = await refreshRfmScores(deps.db);
    const { counted } = await refreshCohorts(deps.db);
    if (scored + counted > 0) deps.log.info({ scored, counted }, "insight figures refreshed");
  });
}
