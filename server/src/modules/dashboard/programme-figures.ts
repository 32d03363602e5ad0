import { kindsSql } from "../../kinds";
import { sql } from "drizzle-orm";
import { fromMinor } from "../../../../contract/money";
import type { DashboardDetails } from "../../../../contract/dashboard";
import type { RewardKind } from "../../../../contract/rewards";
import type { Db } from "../../db/client";
import { businesses, cards, programmeTotals, rewards } from "../../db/schema";

type Figures = Pick<
  DashboardDetails,
  "points_issued" | "points_redeemed" | "cashback_owed" | "referrals" | "programmes"
>;

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/**
 * The programme figures of dashboard-details. Points from programme_totals (a row per
 * business, kept by a trigger on the history): the same cost at any length of history. Cashback
 * owed from the balances of the cards of cashback rewards, per currency (the owner's businesses
 * may count in several, and a sum across them would mean nothing). Referrals from the partial
 * index of rewarded referrals.
 */
export async function programmeFigures(db: Db, ownerId: number): Promise<Figures> {
  const [points, owed, referred, kinds] = await Promise.all([
    rowsOf<{ issued: string | number; redeemed: string | number }>(
      db.execute(sql`
        select coalesce(sum(${programmeTotals.pointsIssued}), 0)::bigint as issued,
          coalesce(sum(${programmeTotals.pointsRedeemed}), 0)::bigint as redeemed
        from ${programmeTotals} where ${programmeTotals.userId} = ${ownerId}`),
    ),
    // From the owner's few cashback rewards to their cards (cards_reward_idx).
    rowsOf<{ currency: string; minor: string | number }>(
      db.execute(sql`
        select ${businesses.currency} as currency, sum(${cards.stamps})::bigint as minor
        from ${rewards}
        join ${businesses} on ${businesses.id} = ${rewards.businessId}
        join ${cards} on ${cards.rewardId} = ${rewards.id}
        where ${rewards.userId} = ${ownerId} and ${rewards.kind} in ${kindsSql((kind) => kind.countsMoney)}
          and ${businesses.currency} is not null
        group by ${businesses.currency}
        having sum(${cards.stamps}) > 0
        order by 2 desc, 1`),
    ),
    rowsOf<{ n: number }>(
      db.execute(sql`
        select count(*)::int as n from ${cards}
        where ${cards.userId} = ${ownerId} and ${cards.referralRewardedAt} is not null`),
    ),
    // The kinds the owner runs: the pages say stamps, points or money as they are.
    rowsOf<{ kind: RewardKind }>(
      db.execute(sql`
        select distinct ${rewards.kind} as kind from ${rewards}
        where ${rewards.userId} = ${ownerId} and ${rewards.active}
        order by 1`),
    ),
  ]);
  return {
    points_issued: Number(points[0]?.issued ?? 0),
    points_redeemed: Number(points[0]?.redeemed ?? 0),
    cashback_owed: owed.map((row) => ({ currency: row.currency, amount: fromMinor(Number(row.minor), row.currency) })),
    referrals: Number(referred[0]?.n ?? 0),
    programmes: kinds.map((row) => row.kind),
  };
}
