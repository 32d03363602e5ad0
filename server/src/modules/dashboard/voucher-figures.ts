import { sql } from "drizzle-orm";
import type { DashboardDetails } from "../../../../contract/dashboard";
import type { Db } from "../../db/client";
import { offers, vouchers } from "../../db/schema";

/**
 * Vouchers issued and redeemed in the dashboard's 30 days; both null when the owner has never
 * had an offer (the page then shows no voucher figures).
 */
export async function voucherFigures(
  db: Db,
  ownerId: number,
): Promise<Pick<DashboardDetails, "vouchers_issued" | "vouchers_redeemed">> {
  const { rows } = (await db.execute(sql`
    select exists (select 1 from ${offers} where ${offers.userId} = ${ownerId}) as has_offers,
      (select count(*) filter (where ${vouchers.createdAt} > now() - interval '30 days')
        from ${vouchers} where ${vouchers.userId} = ${ownerId})::int as issued,
      (select count(*) filter (where ${vouchers.redeemedAt} > now() - interval '30 days')
        from ${vouchers} where ${vouchers.userId} = ${ownerId})::int as redeemed`)) as unknown as {
    rows: { has_offers: boolean; issued: number; redeemed: number }[];
  };
  const row = rows[0]!;
  if (!row.has_offers) return { vouchers_issued: null, vouchers_redeemed: null };
  return { vouchers_issued: Number(row.issued), vouchers_redeemed: Number(row.redeemed) };
}
