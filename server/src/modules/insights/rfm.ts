import { sql, type SQL } from "drizzle-orm";
import { fromMinor } from "../../../../contract/money";
import { RFM_SEGMENTS, RFM_TABLE, RFM_WINDOW_DAYS, type AnalyticsRfm, type RfmSegment } from "../../../../contract/rfm";
import type { Db } from "../../db/client";
import { visitScan } from "./visit-scan";
import { ownBusiness } from "../businesses/owned";

/** How long one business's scoring or count may take (the pool's statement timeout is a request's). */
export const FIGURING_TIMEOUT = "10min";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** RFM_TABLE as one SQL array, row by row: the segment of (r, c) is element (r - 1) * 5 + c. */
const tableSql = sql.raw(
  `array[${RFM_TABLE.flat()
    .map((name) => `'${name}'`)
    .join(", ")}]::text[]`,
);

/**
 * Every card of the owner's businesses (or of one) with its scores and segment: recency by its last
 * visit, frequency by its visits and, where the business has a till, monetary value by its net till
 * spend in the business's currency, both over the last RFM_WINDOW_DAYS days. Each score is the
 * card's quintile within its business (ntile; ties go to the more recent, then the older card, so
 * the answer is the same on every read). One definition for the kept scores (scoreBusiness) and
 * the `rfm:` segments of a business never scored (`unscoredOnly`: only those businesses).
 */
export function rfmScoresSql(ownerId: number, businessId?: number, unscoredOnly = false): SQL {
  const scope = sql.join(
    [
      businessId === undefined ? sql`` : sql` and id = ${businessId}`,
      unscoredOnly ? sql` and not exists (select 1 from rfm_scorings g where g.business_id = businesses.id)` : sql``,
    ],
    sql``,
  );
  const since = sql`now() - make_interval(days => ${RFM_WINDOW_DAYS})`;
  return sql`(
    with owned as (
      select id, currency,
        exists (select 1 from pos_connections p where p.business_id = businesses.id) and currency is not null as till
      from businesses where user_id = ${ownerId}${scope}
    ),
    v as (
      select s.card_id, count(*)::int as visits from scans s
      where s.business_id in (select id from owned) and s.card_id is not null and ${visitScan("s")}
        and s.created_at >= ${since}
      group by s.card_id
    ),
    m as (
      select x.card_id, sum(case when x.kind = 'refund' then -x.amount else x.amount end)::bigint as spend
      from sales x join owned o on o.id = x.business_id and o.currency = x.currency
      where x.card_id is not null and x.amount is not null and x.occurred_at >= ${since}
      group by x.card_id
    ),
    scored as (
      select c.id, c.business_id, c.serial, c.customer_id, c.last_visit_at, o.till, o.currency,
        coalesce(v.visits, 0) as visits, case when o.till then coalesce(m.spend, 0) end as spend,
        ntile(5) over (partition by c.business_id order by c.last_visit_at, c.id) as r,
        ntile(5) over (partition by c.business_id
          order by coalesce(v.visits, 0), c.last_visit_at, c.id) as f,
        ntile(5) over (partition by c.business_id
          order by coalesce(m.spend, 0), coalesce(v.visits, 0), c.last_visit_at, c.id) as mq
      from cards c join owned o on o.id = c.business_id
      left join v on v.card_id = c.id
      left join m on m.card_id = c.id
    )
    select id, business_id, serial, customer_id, last_visit_at, currency, visits, spend, r, f,
      case when till then mq end as m,
      (${tableSql})[(r - 1) * 5 + case when till then (f + mq + 1) / 2 else f end] as segment
    from scored
  )`;
}

/**
 * The condition on `cards` of an `rfm:<name>` segment of the owner's cards (optionally one
 * business): the scores of its last scoring where the business was scored (rfm_scorings), else
 * scored now (a business nobody has read the scores of yet).
 */
export const rfmSegmentWhere = (ownerId: number, businessId: number | undefined, segment: RfmSegment) => {
  const scope = businessId === undefined ? sql`` : sql` and b.id = ${businessId}`;
  return sql`cards.id in (
    select s.card_id from rfm_scores s join businesses b on b.id = s.business_id
    where b.user_id = ${ownerId}${scope} and s.segment = ${segment}
    union all
    select rfm.id from ${rfmScoresSql(ownerId, businessId, true)} rfm where rfm.segment = ${segment})`;
};

/** The lock namespace of a business's scoring (pg_advisory_xact_lock's first key). */
const RFM_LOCK = 0x52464d; // "RFM"

/**
 * Scores every card of a business now and keeps the scores (rfm_scores) with the scoring's time
 * and counts (rfm_scorings), replacing the last scoring, in one transaction: a reader sees the
 * last scoring or this one whole. One scoring of a business at a time.
 */
export async function scoreBusiness(db: Db, businessId: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RFM_LOCK}, ${businessId})`);
    // A whole business at once: a million cards take longer than a request's statement timeout.
    await tx.execute(sql`select set_config('statement_timeout', ${FIGURING_TIMEOUT}, true)`);
    const [business] = await rowsOf<{ user_id: number }>(
      tx.execute(sql`select user_id from businesses where id = ${businessId}`),
    );
    if (!business) return;
    await tx.execute(sql`delete from rfm_scores where business_id = ${businessId}`);
    await tx.execute(sql`
      insert into rfm_scores (card_id, business_id, last_visit_at, visits, spend, r, f, m, segment)
      select id, business_id, last_visit_at, visits, spend, r, f, m, segment
      from ${rfmScoresSql(business.user_id, businessId)} rfm`);
    await tx.execute(sql`
      insert into rfm_scorings (business_id, scored_at, till, counts)
      select b.id, now(),
        b.currency is not null and exists (select 1 from pos_connections p where p.business_id = b.id),
        coalesce((select jsonb_object_agg(segment, n) from (
          select segment, count(*) as n from rfm_scores where business_id = b.id group by segment) c), '{}'::jsonb)
      from businesses b where b.id = ${businessId}
      on conflict (business_id) do update set
        scored_at = excluded.scored_at, till = excluded.till, counts = excluded.counts`);
  });
}

type Scoring = { till: boolean; counts: Record<string, number> };

const scoringOf = async (db: Db, businessId: number) =>
  (await rowsOf<Scoring>(db.execute(sql`select till, counts from rfm_scorings where business_id = ${businessId}`)))[0];

type CardRow = {
  serial: string;
  name: string | null;
  last_visit_at: Date | string;
  currency: string | null;
  visits: number;
  spend: string | number | null;
  r: number;
  f: number;
  m: number | null;
  segment: RfmSegment;
};

/** analytics-rfm: the business's cards by segment, and a page of one segment's cards on request. */
export async function analyticsRfm(
  db: Db,
  ownerId: number,
  query: { business_id: number; segment?: RfmSegment | undefined; page: number; per_page: number },
): Promise<AnalyticsRfm> {
  await ownBusiness(db, ownerId, query.business_id);
  let scoring = await scoringOf(db, query.business_id);
  if (!scoring) {
    await scoreBusiness(db, query.business_id);
    scoring = (await scoringOf(db, query.business_id))!;
  }
  const counts = Object.entries(scoring.counts).map(([segment, n]) => ({ segment, n }));
  const total = counts.reduce((sum, row) => sum + Number(row.n), 0);
  const segments = RFM_SEGMENTS.map((segment) => {
    const n = Number(counts.find((row) => row.segment === segment)?.n ?? 0);
    return { segment, customers: n, share: total === 0 ? 0 : Math.round((n / total) * 10_000) / 10_000 };
  });
  let cards: AnalyticsRfm["cards"] = null;
  if (query.segment) {
    const inSegment = segments.find((s) => s.segment === query.segment)!.customers;
    const rows = await rowsOf<CardRow>(
      db.execute(sql`
        select c.serial, k.name, s.last_visit_at, b.currency, s.visits, s.spend, s.r, s.f, s.m, s.segment
        from rfm_scores s join cards c on c.id = s.card_id join businesses b on b.id = s.business_id
        left join customers k on k.id = c.customer_id
        where s.business_id = ${query.business_id} and s.segment = ${query.segment}
        order by s.last_visit_at desc nulls last, s.card_id desc nulls last
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`),
    );
    cards = {
      items: rows.map((row) => ({
        serial: row.serial,
        name: row.name,
        last_visit_at: new Date(row.last_visit_at).toISOString(),
        visits: Number(row.visits),
        spend: row.spend === null || !row.currency ? null : fromMinor(Number(row.spend), row.currency),
        recency: Number(row.r),
        frequency: Number(row.f),
        monetary: row.m === null ? null : Number(row.m),
        segment: row.segment,
      })),
      total: inSegment,
      page: query.page,
      per_page: query.per_page,
      last_page: Math.max(1, Math.ceil(inSegment / query.per_page)),
    };
  }
  return { business_id: query.business_id, monetary: scoring.till, customers: total, segments, cards };
}
