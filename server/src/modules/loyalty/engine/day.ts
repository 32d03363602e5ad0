import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { businesses } from "../../../db/schema";

/**
 * The business's day: daily caps and fraud thresholds count stamps per card per day as the
 * business lives it. Every day boundary of those rules is computed here, in SQL on the database's
 * clock.
 *
 * `businessId` is a value or a column of the enclosing query; the zone is the business's own
 * (`businesses.time_zone`, an IANA name, UTC by default), read by its primary key.
 */
export function businessZone(businessId: number | SQLWrapper): SQL {
  return sql`(select zone_b.time_zone from ${businesses} zone_b where zone_b.id = ${businessId})`;
}

/** Today's date (`date`) in the business's time zone. */
export function businessToday(businessId: number | SQLWrapper): SQL {
  return sql`(now() at time zone ${businessZone(businessId)})::date`;
}

/** When the business's next day starts (`timestamptz`): the next stamp past a daily cap. */
export function businessTomorrow(businessId: number | SQLWrapper): SQL {
  return sql`((now() at time zone ${businessZone(businessId)})::date + 1)::timestamp at time zone ${businessZone(businessId)}`;
}
