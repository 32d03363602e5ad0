import { and, eq, sql } from "drizzle-orm";
import {
  STAFF_ALERT_MIN_EARNS,
  STAFF_MATCH_MINUTES,
  type AnalyticsStaff,
  type AnalyticsStaffQuery,
  type StaffAlert,
  type StaffAlertUpdateBody,
} from "../../../../contract/analytics";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import { ownBusiness } from "../businesses/owned";
import { rangeOf } from "./summary";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

const WINDOW_MS = STAFF_MATCH_MINUTES * 60_000;

/**
 * Matches earns to payments one-to-one, nearest pairs first: every pair within the window is a
 * candidate, taken in order of distance (then earn, then payment) when neither side is taken yet.
 * Both lists are sorted by time. Answers the ids of the matched earns.
 */
export function matchEarns(
  earns: readonly { id: number; at: number }[],
  payments: readonly { id: number; at: number }[],
): Set<number> {
  const pairs: { earn: number; payment: number; gap: number }[] = [];
  let first = 0;
  for (const earn of earns) {
    while (first < payments.length && payments[first]!.at < earn.at - WINDOW_MS) first++;
    for (let i = first; i < payments.length && payments[i]!.at <= earn.at + WINDOW_MS; i++) {
      pairs.push({ earn: earn.id, payment: payments[i]!.id, gap: Math.abs(payments[i]!.at - earn.at) });
    }
  }
  pairs.sort((a, b) => a.gap - b.gap || a.earn - b.earn || a.payment - b.payment);
  const matched = new Set<number>();
  const used = new Set<number>();
  for (const pair of pairs) {
    if (matched.has(pair.earn) || used.has(pair.payment)) continue;
    matched.add(pair.earn);
    used.add(pair.payment);
  }
  return matched;
}

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
 * Each staff member's earns at a business in [start, end) and, with a till connected, how many a
 * payment matched, with the alert the owner's threshold raises. Most earns first.
 */
export async function staffEarns(
  db: Db,
  businessId: number,
  start: string,
  end: string,
): Promise<{ till: boolean; alertPercent: number | null; staff: StaffRow[] }> {
  const [business] = await rowsOf<{ alert_percent: number | null; tills: number | string }>(
    db.execute(sql`
      select b.staff_alert_percent as alert_percent,
        (select count(*) from pos_connections p where p.business_id = b.id) as tills
      from businesses b where b.id = ${businessId}`),
  );
  const till = Number(business?.tills ?? 0) > 0;
  const alertPercent = business?.alert_percent ?? null;
  const earns = await rowsOf<{ id: number; staff: number; at: string | Date }>(
    db.execute(sql`
      select id, staff_user_id as staff, created_at as at from scans
      where business_id = ${businessId} and kind = 'stamp' and staff_user_id is not null
        and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
      order by created_at, id`),
  );
  const payments = till
    ? await rowsOf<{ id: number; at: string | Date }>(
        db.execute(sql`
          select id, occurred_at as at from sales
          where business_id = ${businessId} and kind = 'sale'
            and occurred_at >= ${start}::timestamptz - make_interval(mins => ${STAFF_MATCH_MINUTES})
            and occurred_at <= ${end}::timestamptz + make_interval(mins => ${STAFF_MATCH_MINUTES})
          order by occurred_at, id`),
      )
    : [];
  const time = (at: string | Date) => new Date(at).getTime();
  const matched = matchEarns(
    earns.map((e) => ({ id: e.id, at: time(e.at) })),
    payments.map((p) => ({ id: p.id, at: time(p.at) })),
  );
  const perStaff = new Map<number, { earns: number; matched: number }>();
  for (const earn of earns) {
    const row = perStaff.get(earn.staff) ?? { earns: 0, matched: 0 };
    row.earns++;
    if (matched.has(earn.id)) row.matched++;
    perStaff.set(earn.staff, row);
  }
  const ids = [...perStaff.keys()];
  const names = ids.length
    ? await rowsOf<{ id: number; name: string }>(
        db.execute(
          sql`select id, name from users where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      )
    : [];
  const staff = ids
    .map((id): StaffRow => {
      const row = perStaff.get(id)!;
      const unmatched = till ? row.earns - row.matched : null;
      return {
        user_id: id,
        name: names.find((n) => n.id === id)?.name ?? "",
        earns: row.earns,
        matched: till ? row.matched : null,
        unmatched,
        unmatched_share: unmatched === null ? null : Math.round((unmatched / row.earns) * 10_000) / 10_000,
        alert: raisesAlert({ earns: row.earns, unmatched }, alertPercent),
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
