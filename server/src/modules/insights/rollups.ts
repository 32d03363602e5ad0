import { sql, type SQL } from "drizzle-orm";
import { MAX_CONTROL_PERCENT, STAFF_MATCH_MINUTES } from "../../../../contract/analytics";
import type { Db } from "../../db/client";
import type { Tx } from "../../http/owner-limit";
import { NO_DAY } from "../../db/schema";
import { cardBucketSql } from "../../db/schema/rollups";
import { FIGURING_TIMEOUT } from "./rfm";
import { countStaffDays } from "./staff-days";
import { visitScan } from "./visit-scan";

// The period rollups (db/schema/insights.ts) count what the triggers noted in insight_changes.
// One transaction per business takes every change noted for it and counts them, under the
// business's lock, so each change is counted once. A row another transaction commits meanwhile
// stays noted: it is counted by the next catch-up, and until then it is "pending", left out of
// the pairs this one counts (the next one counts the pair from its side). The reasons are in
// docs/adr/0012-period-figures-from-day-rollups.md.

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** A whole history counted at once: ten million scans take minutes on a small server. */
const REBUILD_TIMEOUT = "60min";

/** From this many notes on, the batch is analysed before it is counted. */
const LARGE_BATCH = 10_000;

/** The lock namespace of a business's catch-up (pg_advisory_xact_lock's first key). */
export const ROLLUP_LOCK = 0x524f4c; // "ROL"

/** The tables counted from the history; a rebuild empties them first. */
const COUNTED = [
  "insight_visit_days",
  "insight_visit_lags",
  "insight_visit_pair_sums",
  "insight_sale_days",
  "insight_sale_pair_sums",
  "insight_redeem_days",
  "insight_staff_days",
] as const;

const utcDay = (at: string) => sql.raw(`(${at} at time zone 'UTC')::date`);
/** A row's control bucket as the rollups keep it, from its card `c` (-1: no card). */
const bucketOf = sql.raw(`case when c.id is null then -1::smallint else ${cardBucketSql("c.serial")} end`);

/**
 * The pair-sum rows a pair of a card in `bucket` counts in: its own bucket's and every larger one's.
 * They are written in their key's order, so a period's rows of one bucket lie together on disk: a
 * whole history counted in any order put each of a 30-day read's rows on a page of its own.
 */
const upToBuckets = sql.raw(`generate_series(bucket, ${MAX_CONTROL_PERCENT})`);

/** Whether history row `row` (`alias`.id) is noted and not in this batch: another catch-up counts it. */
const pending = (businessId: number, kind: string, alias: string) =>
  sql`exists (select 1 from insight_changes q
    where q.business_id = ${businessId} and q.kind = ${kind} and q.row_id = ${sql.raw(alias)}.id)`;
const inBatch = (kind: string, alias: string) =>
  sql`exists (select 1 from insight_batch i where i.kind = ${kind} and i.row_id = ${sql.raw(alias)}.id)`;

/** Visits and redeems per day and bucket. */
const countVisitDays = (businessId: number): SQL => sql`
  insert into insight_visit_days as d (business_id, day, bucket, visits, redeems)
  select ${businessId}, ${utcDay("s.created_at")}, ${bucketOf},
    count(*) filter (where ${visitScan("s")}), count(*) filter (where s.kind = 'redeem')
  from insight_batch i join scans s on s.id = i.row_id left join cards c on c.id = s.card_id
  where i.kind = 'scan'
  group by 2, 3
  on conflict (business_id, day, bucket) do update set
    visits = d.visits + excluded.visits, redeems = d.redeems + excluded.redeems`;

/**
 * Each new card visit by the day of the card's visit before it and two before it, and each new
 * redeem by the card's redeem before it, in the order of their times (the history is written in
 * time order: a scan is written as it happens).
 */
const countVisitLags = (businessId: number): SQL => sql`
  with cardset as (
    select distinct s.card_id from insight_batch i join scans s on s.id = i.row_id
    where i.kind = 'scan' and s.card_id is not null
  ),
  visits as (
    select s.id, s.created_at, lag(s.created_at, 1) over w as p1, lag(s.created_at, 2) over w as p2
    from scans s where s.card_id in (select card_id from cardset) and ${visitScan("s")}
    window w as (partition by s.card_id order by s.created_at, s.id)
  ),
  redeems as (
    select s.id, s.created_at, lag(s.created_at) over w as p1
    from scans s where s.card_id in (select card_id from cardset) and s.kind = 'redeem'
    window w as (partition by s.card_id order by s.created_at, s.id)
  ),
  mine as (select row_id as id from insight_batch where kind = 'scan'),
  lags as (
    select v.created_at as at, 1 as chain, v.p1 as before from visits v join mine using (id)
    union all select v.created_at, 2, v.p2 from visits v join mine using (id)
    union all select r.created_at, 3, r.p1 from redeems r join mine using (id)
  )
  insert into insight_visit_lags as d (business_id, day, chain, lag_day, n, gap_seconds)
  select ${businessId}, ${utcDay("at")}, chain, coalesce(${utcDay("before")}, ${NO_DAY}::date), count(*),
    coalesce(sum(extract(epoch from at - before)) filter (where chain = 1), 0)::bigint
  from lags group by 2, 3, 4
  on conflict (business_id, day, chain, lag_day) do update set
    n = d.n + excluded.n, gap_seconds = d.gap_seconds + excluded.gap_seconds`;

/**
 * The pairs each new card visit makes with the card's other visits: those counted before, and
 * the new ones (each pair once), by the later and the earlier day, summed up to each bucket from
 * the card's. Per card and day first, so a card's history is read as its days.
 */
const countVisitPairs = (businessId: number): SQL => sql`
  with new_days as (
    select s.card_id, ${utcDay("s.created_at")} as day, ${bucketOf} as bucket, count(*) as n
    from insight_batch i join scans s on s.id = i.row_id join cards c on c.id = s.card_id
    where i.kind = 'scan' and ${visitScan("s")}
    group by 1, 2, 3
  ),
  old_days as (
    select y.card_id, ${utcDay("y.created_at")} as day, count(*) as n
    from scans y
    where y.card_id in (select card_id from new_days) and ${visitScan("y")}
      and not ${inBatch("scan", "y")} and not ${pending(businessId, "scan", "y")}
    group by 1, 2
  ),
  pairs as (
    select greatest(a.day, o.day) as day, least(a.day, o.day) as earlier, a.bucket, a.n * o.n as n
    from new_days a join old_days o on o.card_id = a.card_id
    union all
    select b.day, a.day, a.bucket, case when a.day = b.day then a.n * (a.n - 1) / 2 else a.n * b.n end
    from new_days a join new_days b on b.card_id = a.card_id and a.day <= b.day
  )
  insert into insight_visit_pair_sums as d (business_id, up_to_bucket, day, earlier_day, pairs)
  select ${businessId}, u, day, earlier, sum(n) from pairs, ${upToBuckets} u group by 2, 3, 4 having sum(n) > 0
  order by 2, 3, 4
  on conflict (business_id, up_to_bucket, day, earlier_day) do update set pairs = d.pairs + excluded.pairs`;

/** A sale's net (a refund takes off) of `alias`. */
const net = (alias: string) =>
  sql.raw(`case when ${alias}.kind = 'refund' then -${alias}.amount else ${alias}.amount end`);

/** The new card holders' sales with an amount, per card, day and currency. */
const newSaleDays = sql`
  select x.card_id, ${utcDay("x.occurred_at")} as day, x.currency, ${bucketOf} as bucket,
    c.referred_by_card_id is not null as referred, sum(${net("x")}) as s, sum(${net("x")}::numeric * ${net("x")}) as q
  from insight_batch i join sales x on x.id = i.row_id join cards c on c.id = x.card_id
  where i.kind = 'sale' and x.amount is not null and x.currency is not null
  group by 1, 2, 3, 4, 5`;

const countSaleDays = (businessId: number): SQL => sql`
  insert into insight_sale_days as d (business_id, day, currency, bucket, referred, net, squares)
  select ${businessId}, day, currency, bucket, referred, sum(s), sum(q) from (${newSaleDays}) n
  group by 2, 3, 4, 5
  on conflict (business_id, day, currency, bucket, referred) do update set
    net = d.net + excluded.net, squares = d.squares + excluded.squares`;

/**
 * The products of each new sale's net with the card's other sales in its currency (those counted
 * before, and the new ones, each pair once): within one day, (sum² - sum of squares) / 2.
 */
const countSalePairs = (businessId: number): SQL => sql`
  with new_days as (${newSaleDays}),
  old_days as (
    select y.card_id, ${utcDay("y.occurred_at")} as day, y.currency, sum(${net("y")}) as s
    from sales y
    where y.card_id in (select card_id from new_days) and y.amount is not null and y.currency is not null
      and not ${inBatch("sale", "y")} and not ${pending(businessId, "sale", "y")}
    group by 1, 2, 3
  ),
  pairs as (
    select greatest(a.day, o.day) as day, least(a.day, o.day) as earlier, a.currency, a.bucket, a.s::numeric * o.s as p
    from new_days a join old_days o on o.card_id = a.card_id and o.currency = a.currency
    union all
    select b.day, a.day, a.currency, a.bucket,
      case when a.day = b.day then (a.s::numeric * a.s - a.q) / 2 else a.s::numeric * b.s end
    from new_days a join new_days b on b.card_id = a.card_id and b.currency = a.currency
      and a.day <= b.day
  )
  insert into insight_sale_pair_sums as d (business_id, currency, up_to_bucket, day, earlier_day, products)
  select ${businessId}, currency, u, day, earlier, sum(p) from pairs, ${upToBuckets} u group by 2, 3, 4, 5 having sum(p) <> 0
  order by 2, 3, 4, 5
  on conflict (business_id, currency, up_to_bucket, day, earlier_day) do update set products = d.products + excluded.products`;

/** Redeems per day, programme, option and unit. */
const countRedeemDays = (businessId: number): SQL => sql`
  insert into insight_redeem_days as d (business_id, day, reward_id, option_id, unit, redeems, spent)
  select ${businessId}, ${utcDay("e.created_at")}, coalesce(c.reward_id, 0), coalesce(e.reward_option_id, 0), e.unit,
    count(*), sum(-e.delta)
  from insight_batch i join card_events e on e.id = i.row_id left join cards c on c.id = e.card_id
  where i.kind = 'redeem'
  group by 2, 3, 4, 5
  on conflict (business_id, day, reward_id, option_id, unit) do update set
    redeems = d.redeems + excluded.redeems, spent = d.spent + excluded.spent`;

/** The days whose staff matching the batch changes: its earns' days, and its payments' (± the window). */
const staffDaysOf = async (tx: Tx) =>
  (
    await rowsOf<{ day: string }>(
      tx.execute(sql`
        select distinct day::text as day from (
          select ${utcDay("s.created_at")} as day from insight_batch i join scans s on s.id = i.row_id
          where i.kind = 'scan' and s.kind = 'stamp' and s.staff_user_id is not null
          union
          select ${utcDay(`(x.occurred_at + make_interval(mins => m))`)}
          from insight_batch i join sales x on x.id = i.row_id, (values (${-STAFF_MATCH_MINUTES}::int), (0), (${STAFF_MATCH_MINUTES}::int)) w (m)
          where i.kind = 'sale' and x.kind = 'sale'
        ) d order by 1`),
    )
  ).map((r) => r.day);

/**
 * Takes every change noted for the business and counts it (a `rebuild` empties the counted
 * tables and counts the whole history), in one transaction under the business's lock. Returns
 * how many changes it took; nothing noted costs one indexed read.
 */
export async function catchUp(db: Db, businessId: number, options: { lockWait?: string } = {}): Promise<number> {
  const [due] = await rowsOf<{ due: boolean }>(
    db.execute(sql`select exists (select 1 from insight_changes where business_id = ${businessId}) as due`),
  );
  if (!due?.due) return 0;
  return db.transaction(async (tx) => {
    if (options.lockWait) await tx.execute(sql`select set_config('lock_timeout', ${options.lockWait}, true)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, ${businessId})`);
    // What a minute brings takes milliseconds; a whole history (a rebuild, or the first count
    // after the migration) longer than a request's statement timeout.
    await tx.execute(sql`select set_config('statement_timeout', ${FIGURING_TIMEOUT}, true)`);
    await tx.execute(sql`create temp table insight_batch (kind text not null, row_id integer) on commit drop`);
    const [taken] = await rowsOf<{ n: number; rebuild: boolean }>(
      tx.execute(sql`
        with d as (delete from insight_changes where business_id = ${businessId} returning kind, row_id),
        b as (insert into insight_batch select kind, row_id from d where kind <> 'rebuild' returning 1)
        select (select count(*) from d)::int as n, exists (select 1 from d where kind = 'rebuild') as rebuild`),
    );
    const [business] = await rowsOf<{ id: number }>(
      tx.execute(sql`select id from businesses where id = ${businessId}`),
    );
    if (!taken || taken.n === 0 || !business) return taken?.n ?? 0;
    if (taken.rebuild) {
      await tx.execute(sql`select set_config('statement_timeout', ${REBUILD_TIMEOUT}, true)`);
      for (const table of COUNTED)
        await tx.execute(sql`delete from ${sql.identifier(table)} where business_id = ${businessId}`);
      await tx.execute(sql`delete from insight_batch`);
      await tx.execute(sql`
        insert into insight_batch
        select 'scan', s.id from scans s where s.business_id = ${businessId} and not ${pending(businessId, "scan", "s")}
        union all
        select 'sale', x.id from sales x where x.business_id = ${businessId} and not ${pending(businessId, "sale", "x")}
        union all
        select 'redeem', e.id from card_events e
        where e.business_id = ${businessId} and e.kind = 'redeem' and not ${pending(businessId, "redeem", "e")}`);
    }
    // A large batch (a whole history) needs the planner to know its size; a minute's does not.
    if (taken.rebuild || taken.n > LARGE_BATCH) await tx.execute(sql`analyze insight_batch`);
    for (const count of [
      countVisitDays,
      countVisitLags,
      countVisitPairs,
      countSaleDays,
      countSalePairs,
      countRedeemDays,
    ]) {
      await tx.execute(count(businessId));
    }
    await countStaffDays(tx, businessId, await staffDaysOf(tx));
    return taken.n;
  });
}

/** How long a read waits for another catch-up of its business (one counting a whole history). */
const READ_LOCK_WAIT = "3s";

/**
 * A read's catch-up: its business's new history counted first, so the figures include the last
 * write. While another catch-up counts a whole history (a rebuild), the read does not wait for
 * it: it answers the figures as they stand.
 */
export async function catchUpForRead(db: Db, businessId: number) {
  try {
    await catchUp(db, businessId, { lockWait: READ_LOCK_WAIT });
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
  }
}

/** PostgreSQL's lock_not_available: lock_timeout passed (the driver's error, or drizzle's wrapping it). */
const isLockTimeout = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: unknown } | null;
  return e?.code === "55P03" || (e?.cause !== undefined && isLockTimeout(e.cause));
};

/** Every business with changes noted, caught up one after the other (the insights job). */
export async function catchUpAll(db: Db): Promise<{ businesses: number; changes: number }> {
  const due = await rowsOf<{ id: number }>(
    db.execute(sql`select distinct business_id as id from insight_changes order by 1`),
  );
  let changes = 0;
  for (const { id } of due) changes += await catchUp(db, id);
  return { businesses: due.length, changes };
}
