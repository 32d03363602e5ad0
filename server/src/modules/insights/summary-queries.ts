import { sql } from "drizzle-orm";
import { kindLiteral, kindsWhere } from "../../../../contract/kinds";
import type { Db } from "../../db/client";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
const num = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));

/** A period as the half-open range of instants [start, end): UTC days, both inclusive. */
export type Range = { start: string; end: string };

/** The kinds whose balance is the business's money (spent as it is, owed as it is). */
const moneyKinds = () =>
  sql.raw(
    kindsWhere((k) => k.countsMoney)
      .map(kindLiteral)
      .join(", ") || "''",
  );

/** A period's first day and the day after its last ("YYYY-MM-DD"), as the day rollups key them. */
export const daysOf = (range: Range) => ({ first: range.start.slice(0, 10), after: range.end.slice(0, 10) });

/**
 * The period's visits (joins and earns at a visit, deleted customers' included) and redemptions,
 * and of the cards: how many visited (a card's first visit in the period is the one whose previous
 * visit is before it), how many twice or more (a card's second visit there is a visit whose
 * previous one is in the period and the one before that is not), how many redeemed, and the days
 * between consecutive visits within the period. From the day rollups (rollups.ts).
 */
export async function visitFigures(db: Db, businessId: number, range: Range) {
  const { first, after } = daysOf(range);
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db.execute(sql`
      select
        (select sum(visits) from insight_visit_days
          where business_id = ${businessId} and day >= ${first}::date and day < ${after}::date) as visits,
        (select sum(redeems) from insight_visit_days
          where business_id = ${businessId} and day >= ${first}::date and day < ${after}::date) as redemptions,
        sum(n) filter (where chain = 1 and lag_day < ${first}::date) as active,
        sum(n) filter (where chain = 1 and lag_day >= ${first}::date) as seconds,
        sum(gap_seconds) filter (where chain = 1 and lag_day >= ${first}::date) as span_seconds,
        sum(n) filter (where chain = 2 and lag_day >= ${first}::date) as thirds,
        sum(n) filter (where chain = 3 and lag_day < ${first}::date) as redeemers
      from insight_visit_lags
      where business_id = ${businessId} and day >= ${first}::date and day < ${after}::date`),
  );
  const active = num(row?.active);
  // Within the period, a card's visits after its first each follow one in it: those are its gaps.
  const gaps = num(row?.seconds);
  return {
    visits: num(row?.visits),
    redemptions: num(row?.redemptions),
    active,
    repeaters: gaps - num(row?.thirds),
    // A card that only came to redeem is not active (a redeem is not a visit but for prepaid visits).
    redeemers: Math.min(num(row?.redeemers), active),
    spanDays: num(row?.span_seconds) / 86_400,
    gaps,
  };
}

/**
 * What the period's redemptions cost: the option's cost for an option bought, else the programme's
 * reward cost (today's costs); money spent from a balance that is money costs itself; and each
 * voucher redeemed in the period, its offer's cost.
 */
export async function rewardCostMinor(db: Db, businessId: number, range: Range) {
  const { first, after } = daysOf(range);
  const [row] = await rowsOf<{ minor: string | number | null; vouchers: string | number | null }>(
    db.execute(sql`
      select
        (select sum(case when d.unit in (${moneyKinds()}) then d.spent else d.redeems * coalesce(o.cost, r.cost, 0) end)
          from insight_redeem_days d
          left join reward_options o on o.id = d.option_id
          left join rewards r on r.id = d.reward_id
          where d.business_id = ${businessId} and d.day >= ${first}::date and d.day < ${after}::date) as minor,
        (select sum(f.cost_minor) from offers f join vouchers v on v.offer_id = f.id
          where f.business_id = ${businessId} and f.cost_minor is not null
            and v.redeemed_at >= ${range.start}::timestamptz and v.redeemed_at < ${range.end}::timestamptz) as vouchers`),
  );
  return num(row?.minor) + num(row?.vouchers);
}

/** What the business's unused vouchers (not expired) cost at their offers' cost, now. */
export async function unusedVouchersMinor(db: Db, businessId: number) {
  const [row] = await rowsOf<{ minor: string | number | null }>(
    db.execute(sql`
      select sum(f.cost_minor) as minor from offers f join vouchers v on v.offer_id = f.id
      where f.business_id = ${businessId} and f.cost_minor is not null
        and v.redeemed_at is null and v.expires_at > now()`),
  );
  return num(row?.minor);
}

/** The balances the business's cards hold now, per programme, with its cheapest option's cost per unit. */
export async function balances(db: Db, businessId: number) {
  return rowsOf<{ kind: string; balance: string | number; per_unit: string | number | null }>(
    db.execute(sql`
      select r.kind, sum(b.balance) as balance,
        (select min(o.cost::numeric / o.points) from reward_options o
          where o.reward_id = r.id and o.active and o.cost is not null and o.points > 0) as per_unit
      from insight_balances b join rewards r on r.id = b.reward_id
      where b.business_id = ${businessId}
      group by r.id, r.kind`),
  );
}

/**
 * Till sales to card holders in the business's currency, refunds taken off: in the period (all and
 * referred customers'), and since ever, with the cards now (lifetime value per card).
 */
export async function tillFigures(db: Db, businessId: number, currency: string, range: Range) {
  const { first, after } = daysOf(range);
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db.execute(sql`
      select
        sum(net) filter (where day >= ${first}::date and day < ${after}::date) as revenue,
        sum(net) filter (where day >= ${first}::date and day < ${after}::date and referred) as referral,
        sum(net) as lifetime,
        (select sum(cards) from insight_card_days where business_id = ${businessId}) as cards
      from insight_sale_days where business_id = ${businessId} and currency = ${currency}`),
  );
  return {
    revenue: num(row?.revenue),
    referral: num(row?.referral),
    lifetime: num(row?.lifetime),
    cards: num(row?.cards),
  };
}
