import { sql } from "drizzle-orm";
import { STAFF_MATCH_MINUTES } from "../../../../contract/analytics";
import type { Db } from "../../db/client";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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

/**
 * Counts again each of `days` (UTC, "YYYY-MM-DD") of insight_staff_days: each staff member's earns
 * that day and how many matched a till payment of the business (any customer's, known or not)
 * within STAFF_MATCH_MINUTES, one-to-one; the payments a few minutes either side of the day count.
 * A day is matched on its own, so a payment just after midnight may answer an earn on either day.
 */
export async function countStaffDays(tx: Tx, businessId: number, days: readonly string[]) {
  const time = (at: string | Date) => new Date(at).getTime();
  for (const day of days) {
    const start = `${day}T00:00:00Z`;
    const end = new Date(Date.parse(start) + 86_400_000).toISOString();
    const earns = await rowsOf<{ id: number; staff: number; at: string | Date }>(
      tx.execute(sql`
        select id, staff_user_id as staff, created_at as at from scans
        where business_id = ${businessId} and kind = 'stamp' and staff_user_id is not null
          and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
        order by created_at, id`),
    );
    const payments = earns.length
      ? await rowsOf<{ id: number; at: string | Date }>(
          tx.execute(sql`
            select id, occurred_at as at from sales
            where business_id = ${businessId} and kind = 'sale'
              and occurred_at >= ${start}::timestamptz - make_interval(mins => ${STAFF_MATCH_MINUTES})
              and occurred_at <= ${end}::timestamptz + make_interval(mins => ${STAFF_MATCH_MINUTES})
            order by occurred_at, id`),
        )
      : [];
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
    await tx.execute(sql`delete from insight_staff_days where business_id = ${businessId} and day = ${day}::date`);
    if (perStaff.size === 0) continue;
    const rows = [...perStaff].map(
      ([staff, r]) => sql`(${businessId}, ${day}::date, ${staff}, ${r.earns}, ${r.matched})`,
    );
    await tx.execute(sql`
      insert into insight_staff_days (business_id, day, staff_user_id, earns, matched)
      values ${sql.join(rows, sql`, `)}`);
  }
}
