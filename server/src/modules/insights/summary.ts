import { eq } from "drizzle-orm";
import type { AnalyticsPeriodQuery, AnalyticsSummary } from "../../../../contract/analytics";
import { kindOf, type KindName } from "../../../../contract/kinds";
import { fromMinor } from "../../../../contract/money";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import { ownBusiness } from "../businesses/owned";
import { catchUpForRead } from "./rollups";
import {
  balances,
  rewardCostMinor,
  tillFigures,
  unusedVouchersMinor,
  visitFigures,
  type Range,
} from "./summary-queries";

/** The period's instants: from the start of `from` to the end of `to` (UTC). */
export function rangeOf(query: { from: string; to: string }): Range {
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
  return { start: `${query.from}T00:00:00Z`, end: end.toISOString() };
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

/**
 * What a balance costs the owner: money as it is; a balance that buys options at the cheapest
 * option's cost per unit; anything else is not counted (the kind says which).
 */
function liabilityMinor(kind: KindName, balance: number, perUnit: number | null) {
  const face = kindOf(kind);
  if (face.countsMoney) return balance;
  if (face.hasOptions && perUnit !== null) return Math.round(balance * perUnit);
  return 0;
}

/** analytics-summary: a business's figures for a period (another owner's business is a 404). */
export async function analyticsSummary(
  db: Db,
  ownerId: number,
  query: AnalyticsPeriodQuery,
): Promise<AnalyticsSummary> {
  await ownBusiness(db, ownerId, query.business_id);
  await catchUpForRead(db, query.business_id);
  const [business] = await db
    .select({ currency: businesses.currency })
    .from(businesses)
    .where(eq(businesses.id, query.business_id));
  const currency = business?.currency ?? null;
  const range = rangeOf(query);
  const [visits, cost, held, vouchersHeld, till] = await Promise.all([
    visitFigures(db, query.business_id, range),
    rewardCostMinor(db, query.business_id, range),
    balances(db, query.business_id),
    unusedVouchersMinor(db, query.business_id),
    currency ? tillFigures(db, query.business_id, currency, range) : null,
  ]);
  const money = (minor: number | null) => (currency && minor !== null ? fromMinor(minor, currency) : null);
  const liability = held.reduce(
    (sum, row) =>
      sum +
      liabilityMinor(row.kind as KindName, Number(row.balance), row.per_unit === null ? null : Number(row.per_unit)),
    vouchersHeld,
  );
  return {
    business_id: query.business_id,
    from: query.from,
    to: query.to,
    currency,
    visits: visits.visits,
    active_customers: visits.active,
    repeat_rate: share(visits.repeaters, visits.active),
    average_days_between_visits: visits.gaps === 0 ? null : Math.round((visits.spanDays / visits.gaps) * 10) / 10,
    redemptions: visits.redemptions,
    redemption_rate: share(visits.redeemers, visits.active),
    reward_cost: money(cost),
    outstanding_liability: money(liability),
    till_revenue: money(till?.revenue ?? 0),
    referral_revenue: money(till?.referral ?? 0),
    lifetime_value: money(till && till.cards > 0 ? Math.round(till.lifetime / till.cards) : null),
  };
}
