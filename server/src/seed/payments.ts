import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { periodEnd } from "../modules/payments/period";
import { coupons, payments, plans } from "../db/schema";

/** The demo coupon: 20% off, for anyone trying the payment page. */
export const DEMO_COUPON = { code: "WELCOME20", kind: "percent" as const, value: 20, maxRedemptions: 1000 };

/** Idempotent: adds the demo coupon when missing, leaves the operator's edits alone. */
export async function seedCoupons(db: Db) {
  await db.insert(coupons).values(DEMO_COUPON).onConflictDoNothing({ target: coupons.code });
}

/**
 * Gives the demo owner a paid plan (a succeeded sandbox payment of the Growth plan), so a newcomer
 * signs in to a working dashboard. Idempotent: only when the owner has no active plan period.
 */
export async function seedDemoSubscription(db: Db, userId: number) {
  const [active] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.mode, "newUser"),
        eq(payments.status, "succeeded"),
        gt(payments.periodEnd, sql`now()`),
      ),
    )
    .limit(1);
  if (active) return;
  const [plan] = await db.select().from(plans).where(eq(plans.name, "Growth")).limit(1);
  if (!plan) return;
  const start = new Date();
  const end = periodEnd(start, start, plan.interval);
  const key = `seed-demo-${start.getTime()}`;
  await db.insert(payments).values({
    userId,
    planId: plan.id,
    mode: "newUser",
    listAmountMinor: plan.amountMinor,
    amountMinor: plan.amountMinor,
    currency: plan.currency,
    provider: "sandbox",
    providerRef: `sandbox_pi_${key}`,
    idempotencyKey: key,
    status: "succeeded",
    billingAnchor: start,
    periodStart: start,
    periodEnd: end,
    succeededAt: start,
  });
}
