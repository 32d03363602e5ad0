import { sql } from "drizzle-orm";
import { kindLiteral, kindsWhere } from "../../../../contract/kinds";
import type { Db } from "../../db/client";
import { visitScan } from "./visit-scan";

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

/**
 * The period's visits (joins and earns at a visit, deleted customers' included) and, per card that
 * visited, how often and over how long: read over the business's index of scans by time.
 */
export async function visitFigures(db: Db, businessId: number, range: Range) {
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db.execute(sql`
      with v as (
        select card_id, kind, created_at, ${visitScan("scans")} as visit from scans
        where business_id = ${businessId} and created_at >= ${range.start}::timestamptz
          and created_at < ${range.end}::timestamptz
      ),
      per as (
        select card_id, count(*) filter (where visit) as n,
          count(*) filter (where kind = 'redeem') as redeems,
          extract(epoch from max(created_at) filter (where visit)
            - min(created_at) filter (where visit)) / 86400 as span
        from v where card_id is not null group by card_id
      )
      select
        (select count(*) from v where visit) as visits,
        (select count(*) from v where kind = 'redeem') as redemptions,
        count(*) filter (where n > 0) as active,
        count(*) filter (where n >= 2) as repeaters,
        count(*) filter (where n > 0 and redeems > 0) as redeemers,
        sum(span) filter (where n >= 2) as span_days,
        sum(n - 1) filter (where n >= 2) as gaps
      from per`),
  );
  return {
    visits: num(row?.visits),
    redemptions: num(row?.redemptions),
    active: num(row?.active),
    repeaters: num(row?.repeaters),
    redeemers: num(row?.redeemers),
    spanDays: num(row?.span_days),
    gaps: num(row?.gaps),
  };
}

/**
 * What the period's redemptions cost: the option's cost for an option bought, else the programme's
 * reward cost; money spent from a balance that is money costs itself; and each voucher redeemed in
 * the period, its offer's cost.
 */
export async function rewardCostMinor(db: Db, businessId: number, range: Range) {
  const [row] = await rowsOf<{ minor: string | number | null; vouchers: string | number | null }>(
    db.execute(sql`
      select
        (select sum(case when e.unit in (${moneyKinds()}) then -e.delta else coalesce(o.cost, r.cost, 0) end)
          from card_events e
          join cards c on c.id = e.card_id
          left join reward_options o on o.id = e.reward_option_id
          left join rewards r on r.id = c.reward_id
          where e.business_id = ${businessId} and e.kind = 'redeem'
            and e.created_at >= ${range.start}::timestamptz and e.created_at < ${range.end}::timestamptz) as minor,
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
      select r.kind, sum(c.stamps) as balance,
        (select min(o.cost::numeric / o.points) from reward_options o
          where o.reward_id = r.id and o.active and o.cost is not null and o.points > 0) as per_unit
      from cards c join rewards r on r.id = c.reward_id
      where c.business_id = ${businessId}
      group by r.id, r.kind`),
  );
}

/**
 * Till sales to card holders in the business's currency, refunds taken off: in the period (all and
 * referred customers'), and since ever per card (lifetime value).
 */
export async function tillFigures(db: Db, businessId: number, currency: string, range: Range) {
  const [row] = await rowsOf<Record<string, string | number | null>>(
    db.execute(sql`
      with s as (
        select s.occurred_at, c.referred_by_card_id,
          case when s.kind = 'refund' then -s.amount else s.amount end as net
        from sales s join cards c on c.id = s.card_id
        where s.business_id = ${businessId} and s.currency = ${currency} and s.amount is not null
      )
      select
        sum(net) filter (where occurred_at >= ${range.start}::timestamptz and occurred_at < ${range.end}::timestamptz) as revenue,
        sum(net) filter (where occurred_at >= ${range.start}::timestamptz and occurred_at < ${range.end}::timestamptz
          and referred_by_card_id is not null) as referral,
        sum(net) as lifetime,
        (select count(*) from cards where business_id = ${businessId}) as cards
      from s`),
  );
  return {
    revenue: num(row?.revenue),
    referral: num(row?.referral),
    lifetime: num(row?.lifetime),
    cards: num(row?.cards),
  };
}
