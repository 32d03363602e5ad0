import { sql } from "drizzle-orm";
import type { AnalyticsCohorts } from "../../../../contract/analytics";
import type { Db } from "../../db/client";
import { visitScan } from "./visit-scan";
import { ownBusiness } from "../businesses/owned";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** The first day of the month `back` months before `now`'s (UTC), as "YYYY-MM". */
function monthBefore(now: Date, back: number) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * analytics-cohorts: the cards that joined in each of the last `months` months (this one
 * included), and per month after, the share of them with a visit that month.
 */
export async function analyticsCohorts(
  db: Db,
  ownerId: number,
  query: { business_id: number; months: number },
  now = new Date(),
): Promise<AnalyticsCohorts> {
  await ownBusiness(db, ownerId, query.business_id);
  const first = `${monthBefore(now, query.months - 1)}-01T00:00:00Z`;
  const rows = await rowsOf<{ month: string; after: number | null; n: number | string }>(
    db.execute(sql`
      with c as (
        select id, date_trunc('month', created_at at time zone 'UTC') as m from cards
        where business_id = ${query.business_id} and created_at >= ${first}::timestamptz
      ),
      v as (
        select distinct card_id, date_trunc('month', created_at at time zone 'UTC') as m from scans
        where business_id = ${query.business_id} and created_at >= ${first}::timestamptz
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
