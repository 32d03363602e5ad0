import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { PlanFeature } from "../../../contract/plan-features";
import type { Db } from "./client";
import { payments, plans } from "./schema";

/** A plan payment that pays for now: succeeded, and its period has not ended. */
export const activePlanPayment = (ownerId: number) =>
  and(
    eq(payments.userId, ownerId),
    eq(payments.mode, "newUser"),
    eq(payments.status, "succeeded"),
    gt(payments.periodEnd, sql`now()`),
  );

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

/** Whether the owner's active plan includes the feature (false without an active plan). */
export async function planIncludes(db: Db, ownerId: number, feature: PlanFeature): Promise<boolean> {
  const active = await findActivePlan(db, ownerId);
  return !!active && active.plan.featureKeys.includes(feature);
}
