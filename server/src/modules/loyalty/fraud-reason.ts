import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cardEvents, users } from "../../db/schema";
import { businessZone } from "./day";

type Value = number | string | SQLWrapper;

/**
 * The fraud alert's reason, as SQL text: the threshold passed and, when corrections added stamps
 * to the card today, who added how many (a correction counts toward the day's stamps like any
 * stamp, issue 22 §5), e.g. "More than 5 stamps on this card today. Added by correction today:
 * Sam Staff (staff) +300." Only read when the card is flagged (a CASE branch in staffScan).
 *
 * `cardId`, `businessId`, `today` and `threshold` are values or columns of the enclosing query.
 * The current statement's own correction is seen when it was inserted by an earlier statement.
 */
export function tooManyStampsReason(
  threshold: Value,
  card: { id: Value; businessId: number | SQLWrapper; today: Value },
): SQL {
  const corrections = sql`(
    select ' Added by correction today: ' || string_agg(
        coalesce(fr_u.name, 'a former staff member') || coalesce(' (' || fr_u.role || ')', '') || ' +' || fr_e.added,
        ', ' order by fr_e.first_id) || '.'
    from (
      select ${cardEvents.actorUserId} as actor_id, sum(${cardEvents.delta}) as added, min(${cardEvents.id}) as first_id
      from ${cardEvents}
      where ${cardEvents.cardId} = ${card.id} and ${cardEvents.kind} = 'adjust' and ${cardEvents.delta} > 0
        and (${cardEvents.createdAt} at time zone ${businessZone(card.businessId)})::date = ${card.today}::date
      group by ${cardEvents.actorUserId}
    ) fr_e
    left join ${users} fr_u on fr_u.id = fr_e.actor_id
  )`;
  return sql`'More than ' || ${threshold} || ' stamps on this card today.' || coalesce(${corrections}, '')`;
}

/** The reason (tooManyStampsReason) for a card flagged by a statement of its own. */
export async function readTooManyStampsReason(
  db: Db,
  threshold: number,
  card: { id: number; businessId: number; today: string },
): Promise<string> {
  const result = (await db.execute(sql`select ${tooManyStampsReason(threshold, card)} as reason`)) as unknown as {
    rows: { reason: string }[];
  };
  return result.rows[0]!.reason;
}
