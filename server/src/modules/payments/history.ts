import { desc, eq } from "drizzle-orm";
import type { ActivePlan, PaymentRecord } from "../../../../contract/payments";
import type { Db } from "../../db/client";
import { findActivePlan } from "../../db/active-plan";
import { coupons, payments, plans } from "../../db/schema";
import { presentActivePlan, presentPayment } from "./present";

/** The owner's active plan as `subscription-plan-active` answers it; null without one. */
export async function activePlanOf(db: Db, ownerId: number): Promise<ActivePlan | null> {
  const active = await findActivePlan(db, ownerId);
  if (!active) return null;
  const [coupon] = active.payment.couponId
    ? await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, active.payment.couponId))
    : [];
  return presentActivePlan(active.payment, active.plan, coupon?.code ?? null);
}

/** The owner's payments, newest first. */
export async function listPayments(db: Db, ownerId: number, max: number): Promise<PaymentRecord[]> {
  const rows = await db
    .select({ payment: payments, plan: plans, coupon: coupons.code })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .leftJoin(coupons, eq(coupons.id, payments.couponId))
    .where(eq(payments.userId, ownerId))
    .orderBy(desc(payments.id))
    .limit(max);
  return rows.map((r) => presentPayment(r.payment, r.plan, r.coupon));
}
