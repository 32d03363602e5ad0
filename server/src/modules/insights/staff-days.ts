import { sql, type SQL } from "drizzle-orm";
import { STAFF_MATCH_MINUTES } from "../../../../contract/analytics";
import type { Tx } from "../../http/owner-limit";

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

const WINDOW_MS = STAFF_MATCH_MINUTES * 60_000;

type Timed = { id: number; at: number };

/**
 * Matches earns to payments one-to-one, nearest pairs first: every pair within the window is a
 * candidate, taken in order of distance (then earn id, then payment id) when neither side is taken
 * yet. Both lists are sorted by time. Answers the ids of the matched earns.
 *
 * A busy day has millions of candidate pairs (fifteen thousand earns, a payment every few
 * seconds). So each pair is one number, distance then the two ids' ranks, and the numbers are sorted
 * as a typed array. A day too large for that encoding is matched with the same order, one object
 * per pair.
 */
export function matchEarns(earns: readonly Timed[], payments: readonly Timed[]): Set<number> {
  return earns.length <= RANKS && payments.length <= RANKS
    ? matchEncoded(earns, payments)
    : matchObjects(earns, payments);
}

/** Ranks that fit beside a distance of up to the window (20 bits) in a double's 53 bits. */
const RANK_BITS = 16;
const RANKS = 2 ** RANK_BITS;

/** Each item's rank by id (0 for the lowest). */
const ranksById = (items: readonly Timed[]) => {
  const order = items.map((_, i) => i).sort((a, b) => items[a]!.id - items[b]!.id);
  const rank = new Uint32Array(items.length);
  order.forEach((index, r) => (rank[index] = r));
  return { rank, byRank: order };
};

/** Calls `take(earn, payment, gap)` for every pair within the window (indices into the lists). */
function eachCandidate(
  earns: readonly Timed[],
  payments: readonly Timed[],
  take: (earn: number, payment: number, gap: number) => void,
) {
  let first = 0;
  earns.forEach((earn, e) => {
    while (first < payments.length && payments[first]!.at < earn.at - WINDOW_MS) first++;
    for (let p = first; p < payments.length && payments[p]!.at <= earn.at + WINDOW_MS; p++) {
      take(e, p, Math.abs(payments[p]!.at - earn.at));
    }
  });
}

function matchEncoded(earns: readonly Timed[], payments: readonly Timed[]): Set<number> {
  const e = ranksById(earns);
  const p = ranksById(payments);
  let count = 0;
  eachCandidate(earns, payments, () => count++);
  const keys = new Float64Array(count);
  let k = 0;
  eachCandidate(earns, payments, (earn, payment, gap) => {
    keys[k++] = (gap * RANKS + e.rank[earn]!) * RANKS + p.rank[payment]!;
  });
  keys.sort();
  const earnTaken = new Uint8Array(earns.length);
  const paymentTaken = new Uint8Array(payments.length);
  const matched = new Set<number>();
  for (const key of keys) {
    const paymentRank = key % RANKS;
    const earnRank = Math.floor(key / RANKS) % RANKS;
    const earn = e.byRank[earnRank]!;
    const payment = p.byRank[paymentRank]!;
    if (earnTaken[earn] || paymentTaken[payment]) continue;
    earnTaken[earn] = 1;
    paymentTaken[payment] = 1;
    matched.add(earns[earn]!.id);
  }
  return matched;
}

/** The same matching, one object per candidate pair. */
export function matchObjects(earns: readonly Timed[], payments: readonly Timed[]): Set<number> {
  const pairs: { earn: number; payment: number; gap: number }[] = [];
  eachCandidate(earns, payments, (earn, payment, gap) =>
    pairs.push({ earn: earns[earn]!.id, payment: payments[payment]!.id, gap }),
  );
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

/** How many days' earns and payments one read takes (a rebuild counts a whole history). */
const DAYS_A_READ = 31;

/**
 * Counts again each of `days` (UTC, "YYYY-MM-DD", ascending) of insight_staff_days: each staff
 * member's earns that day and how many matched a till payment of the business (any customer's,
 * known or not) within STAFF_MATCH_MINUTES, one-to-one; the payments a few minutes either side of
 * the day count. A day is matched on its own, so a payment just after midnight may answer an earn
 * on either day. The history is read a month at a time.
 */
export async function countStaffDays(tx: Tx, businessId: number, days: readonly string[]) {
  const time = (at: string | Date) => new Date(at).getTime();
  const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
  const window = STAFF_MATCH_MINUTES * 60_000;
  for (let i = 0; i < days.length;) {
    // The days of this read: from days[i] up to DAYS_A_READ days on.
    const from = dayStart(days[i]!);
    const group: string[] = [];
    while (i < days.length && dayStart(days[i]!) < from + DAYS_A_READ * 86_400_000) group.push(days[i++]!);
    const to = dayStart(group[group.length - 1]!) + 86_400_000;
    const earns = (
      await rowsOf<{ id: number; staff: number; at: string | Date }>(
        tx.execute(sql`
          select id, staff_user_id as staff, created_at as at from scans
          where business_id = ${businessId} and kind = 'stamp' and staff_user_id is not null
            and created_at >= ${new Date(from).toISOString()}::timestamptz and created_at < ${new Date(to).toISOString()}::timestamptz
          order by created_at, id`),
      )
    ).map((e) => ({ id: e.id, staff: e.staff, at: time(e.at) }));
    const payments = earns.length
      ? (
          await rowsOf<{ id: number; at: string | Date }>(
            tx.execute(sql`
              select id, occurred_at as at from sales
              where business_id = ${businessId} and kind = 'sale'
                and occurred_at >= ${new Date(from - window).toISOString()}::timestamptz
                and occurred_at <= ${new Date(to + window).toISOString()}::timestamptz
              order by occurred_at, id`),
          )
        ).map((p) => ({ id: p.id, at: time(p.at) }))
      : [];
    await tx.execute(sql`
      delete from insight_staff_days
      where business_id = ${businessId} and day in (${sql.join(
        group.map((day) => sql`${day}::date`),
        sql`, `,
      )})`);
    const rows: SQL[] = [];
    for (const day of group) {
      const start = dayStart(day);
      const end = start + 86_400_000;
      const dayEarns = earns.filter((e) => e.at >= start && e.at < end);
      if (dayEarns.length === 0) continue;
      const matched = matchEarns(
        dayEarns,
        payments.filter((p) => p.at >= start - window && p.at <= end + window),
      );
      const perStaff = new Map<number, { earns: number; matched: number }>();
      for (const earn of dayEarns) {
        const row = perStaff.get(earn.staff) ?? { earns: 0, matched: 0 };
        row.earns++;
        if (matched.has(earn.id)) row.matched++;
        perStaff.set(earn.staff, row);
      }
      for (const [staff, r] of perStaff)
        rows.push(sql`(${businessId}, ${day}::date, ${staff}, ${r.earns}, ${r.matched})`);
    }
    // A statement's parameters are limited (65,535): a few thousand rows at a time.
    for (let r = 0; r < rows.length; r += 2_000) {
      await tx.execute(sql`
        insert into insight_staff_days (business_id, day, staff_user_id, earns, matched)
        values ${sql.join(rows.slice(r, r + 2_000), sql`, `)}`);
    }
  }
}
