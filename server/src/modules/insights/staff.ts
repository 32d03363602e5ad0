import { and, eq, sql } from "drizzle-orm";
import {
  STAFF_ALERT_MIN_EARNS,
  type AnalyticsStaff,
  type AnalyticsStaffQuery,
  type StaffAlert,
  type StaffAlertUpdateBody,
} from "../../../../contract/analytics";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import { ownBusiness } from "../businesses/owned";
import { catchUpForRead } from "./rollups";
import { rangeOf } from "./summary";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

export type StaffRow = AnalyticsStaff["staff"][number];

/**
 * Whether a staff member's earns raise the fraud alert: a till is connected (`unmatched` is
 * known), the owner set a threshold, the member gave STAFF_ALERT_MIN_EARNS earns or more, and
 * more than `percent` % of them had no till payment.
 */
export function raisesAlert(row: { earns: number; unmatched: number | null }, percent: number | null): boolean {
  if (percent === null || row.unmatched === null || row.earns < STAFF_ALERT_MIN_EARNS) return false;
  return row.unmatched * 100 > percent * row.earns;
}

/**
 * Each staff member's earns at a business on the UTC days from `start` to before `end` and, with a
 * till connected, how many a payment matched (from insight_staff_days, caught up first), with the
 * alert the owner's threshold raises. Most earns first.
 */
export async function staffEarns(
  db: Db,
  businessId: number,
  start: string,
  end: string,
): Promise<{ till: boolean; alertPercent: number | null; staff: StaffRow[] }> {
  await catchUpForRead(db, businessId);
  const [business] = await rowsOf<{ alert_percent: number | null; tills: number | string }>(
    db.execute(sql`
      select b.staff_alert_percent as alert_percent,
        (select count(*) from pos_connections p where p.business_id = b.id) as tills
      from businesses b where b.id = ${businessId}`),
  );
  const till = Number(business?.tills ?? 0) > 0;
  const alertPercent = business?.alert_percent ?? null;
  const rows = await rowsOf<{ id: number; name: string | null; earns: number | string; matched: number | string }>(
    db.execute(sql`
      select d.staff_user_id as id, u.name, sum(d.earns) as earns, sum(d.matched) as matched
      from insight_staff_days d left join users u on u.id = d.staff_user_id
      where d.business_id = ${businessId} and d.day >= ${start.slice(0, 10)}::date and d.day < ${end.slice(0, 10)}::date
      group by d.staff_user_id, u.name
      having sum(d.earns) > 0`),
  );
  const staff = rows
    .map((row): StaffRow => {
      const earns = Number(row.earns);
      const unmatched = till ? earns - Number(row.matched) : null;
      return {
        user_id: row.id,
        name: row.name ?? "",
        earns,
        matched: till ? Number(row.matched) : null,
        unmatched,
        unmatched_share: unmatched === null ? null : Math.round((unmatched / earns) * 10_000) / 10_000,
        alert: raisesAlert({ earns, unmatched }, alertPercent),
      };
    })
    .sort((a, b) => b.earns - a.earns || a.user_id - b.user_id);
  return { till, alertPercent, staff };
}

/** analytics-staff: each staff member's earns in the period and, with a till, how many a payment matched. */
export async function analyticsStaff(db: Db, ownerId: number, query: AnalyticsStaffQuery): Promise<AnalyticsStaff> {
  await ownBusiness(db, ownerId, query.business_id);
  const { start, end } = rangeOf(query);
  const { till, alertPercent, staff } = await staffEarns(db, query.business_id, start, end);
  return {
    business_id: query.business_id,
    from: query.from,
    to: query.to,
    till,
    alert_percent: alertPercent,
    alert_min_earns: STAFF_ALERT_MIN_EARNS,
    staff,
  };
}

/** staff-alert-update: the owner's threshold, saved on their business. */
export async function updateStaffAlert(db: Db, ownerId: number, body: StaffAlertUpdateBody): Promise<StaffAlert> {
  await ownBusiness(db, ownerId, body.business_id);
  await db
    .update(businesses)
    .set({ staffAlertPercent: body.percent })
    .where(and(eq(businesses.id, body.business_id), eq(businesses.userId, ownerId)));
  return { business_id: body.business_id, percent: body.percent };
}
