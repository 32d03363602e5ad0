import { sql, type SQL } from "drizzle-orm";
import { fromMinor } from "../../../../contract/money";
import { RFM_SEGMENTS, RFM_TABLE, RFM_WINDOW_DAYS, type AnalyticsRfm, type RfmSegment } from "../../../../contract/rfm";
import type { Db } from "../../db/client";
import { visitScan } from "./visit-scan";
import { ownBusiness } from "../businesses/owned";

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
 * the answer is the same on every read). One definition for analytics-rfm and the `rfm:` segments.
 */
export function rfmScoresSql(ownerId: number, businessId?: number): SQL {
  const scope = businessId === undefined ? sql`` : sql` and id = ${businessId}`;
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

/** The condition on `cards` of an `rfm:<name>` segment of the owner's cards (optionally one business). */
export const rfmSegmentWhere = (ownerId: number, businessId: number | undefined, segment: RfmSegment) =>
  sql`cards.id in (select rfm.id from ${rfmScoresSql(ownerId, businessId)} rfm where rfm.segment = ${segment})`;

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
  const scores = rfmScoresSql(ownerId, query.business_id);
  const counts = await rowsOf<{ segment: RfmSegment; n: number | string }>(
    db.execute(sql`select segment, count(*) as n from ${scores} rfm group by segment`),
  );
  const [till] = await rowsOf<{ till: boolean }>(
    db.execute(sql`select exists (select 1 from pos_connections p join businesses b on b.id = p.business_id
      where p.business_id = ${query.business_id} and b.currency is not null) as till`),
  );
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
        select rfm.serial, k.name, rfm.last_visit_at, rfm.currency, rfm.visits, rfm.spend, rfm.r, rfm.f, rfm.m, rfm.segment
        from ${scores} rfm left join customers k on k.id = rfm.customer_id
        where rfm.segment = ${query.segment}
        order by rfm.last_visit_at desc, rfm.id desc
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
  return { business_id: query.business_id, monetary: till?.till ?? false, customers: total, segments, cards };
}
