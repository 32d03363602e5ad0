import { sql } from "drizzle-orm";
import type { DashboardDetails } from "../../../../contract/dashboard";
import type { RewardKind } from "../../../../contract/rewards";
import type { Db } from "../../db/client";
import { businesses, cardEvents, cards } from "../../db/schema";
import { kindsSql } from "../../kinds";

type Figures = Pick<DashboardDetails, "promotion_extra" | "level_customers" | "multipass_visits">;

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/**
 * What the owner's offers did, per business: happy hours' extra earn and prepaid visits sold and
 * used in the dashboard's 30 days, and the cards at each level now. Only the owner's own rows.
 */
export async function offerFigures(db: Db, ownerId: number): Promise<Figures> {
  const [extra, levels, visits] = await Promise.all([
    rowsOf<{ business_id: number; business_name: string; unit: RewardKind; currency: string | null; extra: string }>(
      db.execute(sql`
        select e.business_id, b.business_name, e.unit, b.currency, sum(e.promotion_extra)::bigint as extra
        from ${cardEvents} e join ${businesses} b on b.id = e.business_id
        where e.user_id = ${ownerId} and e.promotion_extra > 0 and e.created_at > now() - interval '30 days'
        group by e.business_id, b.business_name, e.unit, b.currency
        order by b.business_name, e.unit`),
    ),
    rowsOf<{ business_id: number; business_name: string; reward_id: number; level: string; customers: string }>(
      db.execute(sql`
        select c.business_id, b.business_name, c.reward_id, c.level, count(*)::int as customers
        from ${cards} c join ${businesses} b on b.id = c.business_id
        where b.user_id = ${ownerId} and c.level is not null and c.reward_id is not null
        group by c.business_id, b.business_name, c.reward_id, c.level
        order by b.business_name, c.reward_id, count(*) desc, c.level`),
    ),
    rowsOf<{ business_id: number; business_name: string; sold: string; used: string }>(
      db.execute(sql`
        select e.business_id, b.business_name,
          coalesce(sum(e.delta) filter (where e.kind = 'topup'), 0)::bigint as sold,
          count(*) filter (where e.kind = 'redeem')::bigint as used
        from ${cardEvents} e join ${businesses} b on b.id = e.business_id
        where e.user_id = ${ownerId} and e.unit in ${kindsSql((kind) => kind.sellsVisits)}
          and e.kind in ('topup', 'redeem') and e.created_at > now() - interval '30 days'
        group by e.business_id, b.business_name
        order by b.business_name`),
    ),
  ]);
  return {
    promotion_extra: extra.map((r) => ({
      business_id: r.business_id,
      business_name: r.business_name,
      unit: r.unit,
      currency: r.currency ?? "",
      extra: Number(r.extra),
    })),
    level_customers: levels.map((r) => ({ ...r, customers: Number(r.customers) })),
    multipass_visits: visits.map((r) => ({ ...r, sold: Number(r.sold), used: Number(r.used) })),
  };
}
