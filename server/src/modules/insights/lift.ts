import { and, eq, sql } from "drizzle-orm";
import { MIN_LIFT_GROUP, type AnalyticsLift, type AnalyticsPeriodQuery } from "../../../../contract/analytics";
import { mean, probit, sampleVariance } from "simple-statistics";
import type { Db } from "../../db/client";
import { visitScan } from "./visit-scan";
import { businesses } from "../../db/schema";
import { ownBusiness } from "../businesses/owned";
import { controlBucketSql } from "./control-group";
import { rangeOf } from "./summary";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** control-group-update: the business's held-out share; raising it only adds cards (control-group.ts). */
export async function updateControlGroup(db: Db, ownerId: number, body: { business_id: number; percent: number }) {
  await ownBusiness(db, ownerId, body.business_id);
  await db
    .update(businesses)
    .set({ controlGroupPercent: body.percent })
    .where(and(eq(businesses.id, body.business_id), eq(businesses.userId, ownerId)));
  return { business_id: body.business_id, percent: body.percent };
}

/**
 * What the reached group's mean brought over its size, against the control's: the difference of
 * the means times the reached customers, with a 95 % interval (normal approximation of the
 * difference of two means, Welch's standard error).
 */
function extra(reached: number[], control: number[]) {
  const diff = mean(reached) - mean(control);
  const se = Math.sqrt(sampleVariance(reached) / reached.length + sampleVariance(control) / control.length);
  const z = probit(0.975);
  const n = reached.length;
  return {
    estimate: Math.round(diff * n),
    low: Math.round((diff - z * se) * n),
    high: Math.round((diff + z * se) * n),
  };
}

/** analytics-lift: the business's cards that joined before the period's end, by group. */
export async function analyticsLift(db: Db, ownerId: number, query: AnalyticsPeriodQuery): Promise<AnalyticsLift> {
  await ownBusiness(db, ownerId, query.business_id);
  const [business] = await db
    .select({ percent: businesses.controlGroupPercent, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, query.business_id));
  const percent = business?.percent ?? 0;
  const currency = business?.currency ?? null;
  const range = rangeOf(query);
  const rows = await rowsOf<{ bucket: number; visits: number | string; spend: number | string | null }>(
    db.execute(sql`
      select ${controlBucketSql(sql`c.serial`)}::int as bucket,
        (select count(*) from scans s where s.card_id = c.id and ${visitScan("s")}
          and s.created_at >= ${range.start}::timestamptz and s.created_at < ${range.end}::timestamptz) as visits,
        (select sum(case when x.kind = 'refund' then -x.amount else x.amount end) from sales x
          where x.card_id = c.id and x.currency = ${currency} and x.amount is not null
          and x.occurred_at >= ${range.start}::timestamptz and x.occurred_at < ${range.end}::timestamptz) as spend
      from cards c
      where c.business_id = ${query.business_id} and c.created_at < ${range.end}::timestamptz`),
  );
  const groups = {
    reached: { visits: [] as number[], spend: [] as number[] },
    control: { visits: [] as number[], spend: [] as number[] },
  };
  for (const row of rows) {
    const group = row.bucket < percent ? groups.control : groups.reached;
    group.visits.push(Number(row.visits));
    group.spend.push(Number(row.spend ?? 0));
  }
  const n = { reached: groups.reached.visits.length, control: groups.control.visits.length };
  const enough = n.reached >= MIN_LIFT_GROUP && n.control >= MIN_LIFT_GROUP;
  const per = (values: number[]) => (values.length === 0 ? 0 : round(mean(values)));
  return {
    business_id: query.business_id,
    from: query.from,
    to: query.to,
    percent,
    currency,
    enough,
    reached_customers: n.reached,
    control_customers: n.control,
    visits_per_customer: { reached: per(groups.reached.visits), control: per(groups.control.visits) },
    spend_per_customer: { reached: per(groups.reached.spend), control: per(groups.control.spend) },
    extra_visits: enough ? extra(groups.reached.visits, groups.control.visits) : null,
    extra_spend: enough ? extra(groups.reached.spend, groups.control.spend) : null,
  };
}
