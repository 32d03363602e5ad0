import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { cardEvents, users } from "../../../db/schema";
import { businessZone } from "./day";

type Value = number | string | SQLWrapper;

/**
 * The fraud alert's reason, as SQL text: the threshold passed and, when corrections added stamps
 * to the card today, who added how many (a correction counts toward the day's stamps like any
 * stamp), e.g. "More than 5 stamps on this card today. Added by correction today:
 * Sam Staff (staff) +300." Only read when the card is flagged (engine/apply.ts writes it).
 *
 * `cardId`, `businessId`, `today` and `threshold` are values or columns of the enclosing query.
 * A statement does not see its own inserts: its own correction comes as `pending`.
 */
export function tooManyStampsReason(
  threshold: Value,
  card: { id: Value; businessId: number | SQLWrapper; today: Value },
  /** A correction the same statement writes (its own row is not visible to it): counted as the latest. */
  pending?: { actorUserId: number; added: number },
): SQL {
  const pendingRow = pending
    ? sql` union all select ${pending.actorUserId}::int, ${pending.added}::int, null::int`
    : sql``;
  const corrections = sql`(
    select ' Added by correction today: ' || string_agg(
        coalesce(fr_u.name, 'a former staff member') || coalesce(' (' || fr_u.role || ')', '') || ' +' || fr_e.added,
        ', ' order by fr_e.first_id) || '.'
    from (
      select fr_a.actor_id, sum(fr_a.delta) as added, min(fr_a.id) as first_id
      from (
        select ${cardEvents.actorUserId} as actor_id, ${cardEvents.delta} as delta, ${cardEvents.id} as id
        from ${cardEvents}
        where ${cardEvents.cardId} = ${card.id} and ${cardEvents.kind} = 'adjust' and ${cardEvents.delta} > 0
          and (${cardEvents.createdAt} at time zone ${businessZone(card.businessId)})::date = ${card.today}::date
        ${pendingRow}
      ) fr_a
      group by fr_a.actor_id
    ) fr_e
    left join ${users} fr_u on fr_u.id = fr_e.actor_id
  )`;
  return sql`'More than ' || ${threshold} || ' stamps on this card today.' || coalesce(${corrections}, '')`;
}
