import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The business's day: daily caps and fraud thresholds count stamps per card per day as the
 * business lives it. Every day boundary of those rules is computed here, in SQL on the database's
 * clock, so that giving businesses a time zone changes this one file.
 *
 * Businesses have no time zone yet: their day is UTC's. `businessId` is a value or a column of the
 * enclosing query, ready for a lookup of the business's zone.
 */
export function businessZone(businessId: number | SQLWrapper): SQL {
  void businessId;
  return sql`'UTC'`;
}

/** Today's date (`date`) in the business's time zone. */
export function businessToday(businessId: number | SQLWrapper): SQL {
  return sql`(now() at time zone ${businessZone(businessId)})::date`;
}

/** When the business's next day starts (`timestamptz`): the next stamp past a daily cap. */
export function businessTomorrow(businessId: number | SQLWrapper): SQL {
  return sql`((now() at time zone ${businessZone(businessId)})::date + 1)::timestamp at time zone ${businessZone(businessId)}`;
}
