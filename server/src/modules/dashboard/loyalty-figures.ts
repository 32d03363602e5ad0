import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businesses, ownerCounts, qrCodes as qrCodesTable, scanDays } from "../../db/schema";

type ScanFigures = {
  anchor: string;
  today: number;
  redeemed: number;
  days: { day: string; stamps: number; joins: number }[];
};

/**
 * The loyalty figures of dashboard-details, from the scan_days rollup (a few rows a business a
 * day), never from the scans: the same cost at any length of history. Each business counts its
 * own local day as "today" (its time zone); the chart's days end on the latest local day of the
 * owner's businesses (UTC when there is none).
 */
export async function loyaltyFigures(db: Db, ownerId: number) {
  const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const figures = db.execute(sql`
    with biz as (
      select id, (now() at time zone time_zone)::date as today from ${businesses} where user_id = ${ownerId}
    ),
    anchor as (select coalesce(max(today), (now() at time zone 'UTC')::date) as today from biz)
    select
      (select today::text from anchor) as anchor,
      (select coalesce(sum(d.joins + d.stamps), 0)::int
        from ${scanDays} d join biz b on b.id = d.business_id and d.day = b.today
        where d.user_id = ${ownerId}) as today,
      (select coalesce(sum(redeems), 0)::int from ${scanDays} where user_id = ${ownerId}) as redeemed,
      (select coalesce(json_agg(s order by s.day), '[]'::json) from (
        select d.day::text as day, sum(d.joins + d.stamps)::int as stamps, sum(d.joins)::int as joins
        from ${scanDays} d, anchor a
        where d.user_id = ${ownerId} and d.day > a.today - 30 and d.day <= a.today
        group by d.day
      ) s) as days`) as unknown as Promise<{ rows: ScanFigures[] }>;
  const [qrCount, customerCount, { rows }] = await Promise.all([
    one(db.select({ n: count() }).from(qrCodesTable).where(eq(qrCodesTable.userId, ownerId))),
    // Kept by a trigger (owner_counts): an owner may have a hundred thousand customers.
    one(db.select({ n: ownerCounts.customers }).from(ownerCounts).where(eq(ownerCounts.userId, ownerId))),
    figures,
  ]);
  const { anchor, today, redeemed, days } = rows[0]!;
  // node-postgres answers json as parsed values; a string would be a driver change.
  const byDay = new Map(
    (typeof days === "string" ? (JSON.parse(days) as ScanFigures["days"]) : days).map((d) => [d.day, d]),
  );
  const last = Date.parse(`${anchor}T00:00:00Z`);
  const series = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(last - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(date);
    return { date, stamps: Number(row?.stamps ?? 0), customers: Number(row?.joins ?? 0) };
  });
  return {
    qr_codes: qrCount,
    customers: customerCount,
    stamps_today: Number(today),
    stamps_30_days: series.reduce((n, d) => n + d.stamps, 0),
    rewards_redeemed: Number(redeemed),
    series,
  };
}
