import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments, plans } from "../../db/schema";

/** A plan payment that pays for now: succeeded, and its period has not ended. */
export const activePlanPayment = (ownerId: number) =>
  and(
    eq(payments.userId, ownerId),
    eq(payments.mode, "newUser"),
    eq(payments.status, "succeeded"),
    gt(payments.periodEnd, sql`now()`),
  );

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

/** The active plan transaction of an owner with its plan, or undefined (what `subscription-plan-active` answers). */
export async function findActivePlan(db: Db, ownerId: number) {
  // The latest period wins: a renewal paid ahead of time runs after the current one.
  const [row] = await db
    .select({ payment: payments, plan: plans })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .where(and(activePlanPayment(ownerId), sql`${payments.periodStart} <= now()`))
    .orderBy(desc(payments.periodEnd))
    .limit(1);
  return row;
}

export async function statusPaymentOf(db: Db, ownerId: number): Promise<"0" | "1"> {
  return (await findActivePlan(db, ownerId)) ? "1" : "0";
}
