import { sql } from "drizzle-orm";
import type { AnalyticsCohorts } from "../../../../contract/analytics";
import type { Db } from "../../db/client";
import { visitScan } from "./visit-scan";
import { FIGURING_TIMEOUT } from "./rfm";
import { ownBusiness } from "../businesses/owned";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** The first day of the month `back` months before `now`'s (UTC), as "YYYY-MM". */
function monthBefore(now: Date, back: number) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}

/** The most months analytics-cohorts answers (its query's maximum): the months a count keeps. */
const KEPT_MONTHS = 24;

/** The lock namespace of a business's cohort count (pg_advisory_xact_lock's first key). */
const COHORT_LOCK = 0x434f48; // "COH"

type CohortRow = { month: string; after: number | null; n: number };

/**
 * Counts a business's cohorts of the last KEPT_MONTHS months now and keeps the count
 * (cohort_counts), replacing the last, one count of a business at a time: the cards that joined
 * in each month and, per month after, how many of them visited then.
 */
export async function countCohorts(db: Db, businessId: number, now = new Date()) {
  const firstMonth = monthBefore(now, KEPT_MONTHS - 1);
  const first = `${firstMonth}-01T00:00:00Z`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${COHORT_LOCK}, ${businessId})`);
    // A whole business at once: a million cards take longer than a request's statement timeout.
    await tx.execute(sql`select set_config('statement_timeout', ${FIGURING_TIMEOUT}, true)`);
    const rows = await rowsOf<{ month: string; after: number | null; n: number | string }>(
      tx.execute(sql`
        with c as (
          select id, date_trunc('month', created_at at time zone 'UTC') as m from cards
          where business_id = ${businessId} and created_at >= ${first}::timestamptz
        ),
        v as (
          select distinct card_id, date_trunc('month', created_at at time zone 'UTC') as m from scans
          where business_id = ${businessId} and created_at >= ${first}::timestamptz
            and ${visitScan("scans")} and card_id is not null
        )
        select to_char(c.m, 'YYYY-MM') as month, null::int as after, count(*) as n from c group by c.m
        union all
        select to_char(c.m, 'YYYY-MM'),
          ((extract(year from v.m) - extract(year from c.m)) * 12 + extract(month from v.m) - extract(month from c.m))::int,
          count(*)
        from c join v on v.card_id = c.id and v.m > c.m
        group by c.m, v.m`),
    );
    const counted: CohortRow[] = rows.map((r) => ({ month: r.month, after: r.after, n: Number(r.n) }));
    await tx.execute(sql`
      insert into cohort_counts (business_id, counted_at, first_month, rows)
      select id, now(), ${firstMonth}, ${JSON.stringify(counted)}::jsonb from businesses where id = ${businessId}
      on conflict (business_id) do update set
        counted_at = excluded.counted_at, first_month = excluded.first_month, rows = excluded.rows`);
  });
}

const countOf = async (db: Db, businessId: number) =>
  (
    await rowsOf<{ first_month: string; rows: CohortRow[] }>(
      db.execute(sql`select first_month, rows from cohort_counts where business_id = ${businessId}`),
    )
  )[0];

/**
 * analytics-cohorts: the cards that joined in each of the last `months` months (this one
 * included), and per month after, the share of them with a visit that month: from the business's
 * last count (counted now on its first read, or when the count does not reach back so far).
 */
export async function analyticsCohorts(
  db: Db,
  ownerId: number,
  query: { business_id: number; months: number },
  now = new Date(),
): Promise<AnalyticsCohorts> {
  await ownBusiness(db, ownerId, query.business_id);
  const first = monthBefore(now, query.months - 1);
  let count = await countOf(db, query.business_id);
  if (!count || count.first_month > first) {
    await countCohorts(db, query.business_id, now);
    count = (await countOf(db, query.business_id))!;
  }
  const rows = count.rows.filter((r) => r.month >= first);
  const cohorts = Array.from({ length: query.months }, (_, i) => {
    const month = monthBefore(now, query.months - 1 - i);
    const size = Number(rows.find((r) => r.month === month && r.after === null)?.n ?? 0);
    const returned = Array.from({ length: query.months - 1 - i }, (_, k) => {
      const n = Number(rows.find((r) => r.month === month && r.after === k + 1)?.n ?? 0);
      return size === 0 ? 0 : Math.round((n / size) * 10_000) / 10_000;
    });
    return { month, customers: size, returned };
  });
  return { business_id: query.business_id, cohorts };
}
