import { sql } from "drizzle-orm";
import { STAFF_MATCH_MINUTES, type AnalyticsStaff, type AnalyticsStaffQuery } from "../../../../contract/analytics";
import type { Db } from "../../db/client";
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

/** analytics-staff: each staff member's earns in the period and, with a till, how many a payment matched. */
export async function analyticsStaff(db: Db, ownerId: number, query: AnalyticsStaffQuery): Promise<AnalyticsStaff> {
  await ownBusiness(db, ownerId, query.business_id);
  const { start, end } = rangeOf(query);
  const [tills] = await rowsOf<{ n: number | string }>(
    db.execute(sql`select count(*) as n from pos_connections where business_id = ${query.business_id}`),
  );
  const till = Number(tills?.n ?? 0) > 0;
  const earns = await rowsOf<{ id: number; staff: number; at: string | Date }>(
    db.execute(sql`
      select id, staff_user_id as staff, created_at as at from scans
      where business_id = ${query.business_id} and kind = 'stamp' and staff_user_id is not null
        and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
      order by created_at, id`),
  );
  const payments = till
    ? await rowsOf<{ id: number; at: string | Date }>(
        db.execute(sql`
          select id, occurred_at as at from sales
          where business_id = ${query.business_id} and kind = 'sale'
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
    .map((id) => {
      const row = perStaff.get(id)!;
      return {
        user_id: id,
        name: names.find((n) => n.id === id)?.name ?? "",
        earns: row.earns,
        matched: till ? row.matched : null,
        unmatched: till ? row.earns - row.matched : null,
      };
    })
    .sort((a, b) => b.earns - a.earns || a.user_id - b.user_id);
  return { business_id: query.business_id, from: query.from, to: query.to, till, staff };
}
