import { and, eq, sql } from "drizzle-orm";
import {
  MAX_CONTROL_PERCENT,
  MIN_LIFT_GROUP,
  type AnalyticsLift,
  type AnalyticsPeriodQuery,
} from "../../../../contract/analytics";
import { probit } from "simple-statistics";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import { ownBusiness } from "../businesses/owned";
import { catchUpForRead } from "./rollups";
import { rangeOf } from "./summary";
import { daysOf } from "./summary-queries";

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

/** A group's customers, and the sum and the sum of squares of one figure per customer. */
type Moments = { n: number; sum: number; squares: number };

const meanOf = (m: Moments) => (m.n === 0 ? 0 : m.sum / m.n);
/** The sample variance from the moments (the rollups keep sums, not each customer's figure). */
const varianceOf = (m: Moments) => (m.n < 2 ? 0 : (m.squares - (m.sum * m.sum) / m.n) / (m.n - 1));

/**
 * What the reached group's mean brought over its size, against the control's: the difference of
 * the means times the reached customers, with a 95 % interval (normal approximation of the
 * difference of two means, Welch's standard error; the normal quantile from simple-statistics).
 */
function extra(reached: Moments, control: Moments) {
  const diff = meanOf(reached) - meanOf(control);
  const se = Math.sqrt(varianceOf(reached) / reached.n + varianceOf(control) / control.n);
  const z = probit(0.975);
  const n = reached.n;
  return {
    estimate: Math.round(diff * n),
    low: Math.round((diff - z * se) * n),
    high: Math.round((diff + z * se) * n),
  };
}

/**
 * analytics-lift: the business's cards that joined before the period's end, by group (from the
 * day rollups: a card's visits squared, summed, are its visits plus twice its pairs of visits in
 * the period; its spend squared, the squares of its sales plus twice their pairs' products).
 */
export async function analyticsLift(db: Db, ownerId: number, query: AnalyticsPeriodQuery): Promise<AnalyticsLift> {
  await ownBusiness(db, ownerId, query.business_id);
  await catchUpForRead(db, query.business_id);
  const [business] = await db
    .select({ percent: businesses.controlGroupPercent, currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, query.business_id));
  const percent = business?.percent ?? 0;
  const currency = business?.currency ?? null;
  const { first, after } = daysOf(rangeOf(query));
  const id = query.business_id;
  const inPeriod = sql`day >= ${first}::date and day < ${after}::date`;
  // The later end is in the period too (day >= earlier_day): the day bound keeps the read to its rows.
  const bothInPeriod = sql`day >= ${first}::date and day < ${after}::date and earlier_day >= ${first}::date`;
  // Pair sums hold every card up to a bucket: the control group is the row at `percent - 1`
  // (none at 0), every card the row at the largest bucket, and the reached group the difference.
  const controlUpTo = percent - 1;
  const everyAndControl = (column: string) =>
    sql.raw(`coalesce(sum(${column}) filter (where up_to_bucket = ${MAX_CONTROL_PERCENT}), 0) as every,
      coalesce(sum(${column}) filter (where up_to_bucket = ${controlUpTo}), 0) as control`);
  const byGroup = sql`lateral (values (true, t.every - t.control), (false, t.control)) split (reached, n)`;
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db.execute(sql`
      with g (reached) as (values (false), (true)),
      cards as (select bucket >= ${percent} as reached, sum(cards) as n from insight_card_days
        where business_id = ${id} and day < ${after}::date group by 1),
      visits as (select bucket >= ${percent} as reached, sum(visits) as n from insight_visit_days
        where business_id = ${id} and bucket >= 0 and ${inPeriod} group by 1),
      visit_pairs as (select split.* from (select ${everyAndControl("pairs")} from insight_visit_pair_sums
        where business_id = ${id} and up_to_bucket in (${controlUpTo}, ${MAX_CONTROL_PERCENT}) and ${bothInPeriod}) t,
        ${byGroup}),
      spend as (select bucket >= ${percent} as reached, sum(net) as n, sum(squares) as q from insight_sale_days
        where business_id = ${id} and currency = ${currency} and ${inPeriod} group by 1),
      spend_pairs as (select split.* from (select ${everyAndControl("products")} from insight_sale_pair_sums
        where business_id = ${id} and currency = ${currency} and up_to_bucket in (${controlUpTo}, ${MAX_CONTROL_PERCENT})
          and ${bothInPeriod}) t,
        ${byGroup})
      select
        jsonb_object_agg(case when g.reached then 'reached' else 'control' end, jsonb_build_array(
          coalesce(c.n, 0), coalesce(v.n, 0), coalesce(vp.n, 0), coalesce(s.n, 0), coalesce(s.q, 0), coalesce(sp.n, 0)
        )) as groups
      from g
      left join cards c using (reached) left join visits v using (reached) left join visit_pairs vp using (reached)
      left join spend s using (reached) left join spend_pairs sp using (reached)`),
  );
  const groups = row?.groups as unknown as Record<"reached" | "control", (string | number)[]>;
  const momentsOf = (group: "reached" | "control") => {
    const [cards, visits, visitPairs, spend, squares, spendPairs] = groups[group].map(Number) as number[];
    return {
      visits: { n: cards!, sum: visits!, squares: visits! + 2 * visitPairs! },
      spend: { n: cards!, sum: spend!, squares: squares! + 2 * spendPairs! },
    };
  };
  const reached = momentsOf("reached");
  const control = momentsOf("control");
  const n = { reached: reached.visits.n, control: control.visits.n };
  const enough = n.reached >= MIN_LIFT_GROUP && n.control >= MIN_LIFT_GROUP;
  const per = (m: Moments) => round(meanOf(m));
  return {
    business_id: query.business_id,
    from: query.from,
    to: query.to,
    percent,
    currency,
    enough,
    reached_customers: n.reached,
    control_customers: n.control,
    visits_per_customer: { reached: per(reached.visits), control: per(control.visits) },
    spend_per_customer: { reached: per(reached.spend), control: per(control.spend) },
    extra_visits: enough ? extra(reached.visits, control.visits) : null,
    extra_spend: enough ? extra(reached.spend, control.spend) : null,
  };
}
