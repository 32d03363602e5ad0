import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findActivePlan } from "../../db/active-plan";

/** The failure stored for a payment the provider never completed (its own words are stored otherwise). */
export const NOT_COMPLETED = "The payment was not completed.";

/**
 * `status_payment` of a users row, derived from the payments: "1" exactly while a
 * plan period is active. Staff carry their owner's. For selects over `users`.
 */
// Written out qualified: Drizzle renders columns unqualified inside a select, where "id" in this
// subquery would be the payment's.
export const statusPaymentSql = sql<"0" | "1">`(case when exists (
  select 1 from "payments" p where p."user_id" = coalesce("users"."owner_id", "users"."id")
    and p."mode" = 'newUser' and p."status" = 'succeeded' and p."period_end" > now()
) then '1' else '0' end)`;

export async function statusPaymentOf(db: Db, ownerId: number): Promise<"0" | "1"> {
  return (await findActivePlan(db, ownerId)) ? "1" : "0";
}
