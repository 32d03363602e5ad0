import { eq } from "drizzle-orm";
import { type PaymentMode, type PaymentQuote, SLOT_FEE_MINOR } from "../../../../contract/payments";
import type { Db } from "../../db/client";
import { type Coupon, type Plan, plans } from "../../db/schema";
import { HttpError, invalid } from "../../http/errors";
import { formatMinor } from "../plans/present";
import { checkCoupon, discountOf, pendingCoupon } from "./coupons";
import { findActivePlan } from "../../db/active-plan";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Priced = {
  mode: PaymentMode;
  plan: Plan;
  listMinor: number;
  discountMinor: number;
  totalMinor: number;
  currency: string;
  coupon: Coupon | null;
};

/**
 * What a payment costs, computed by the server alone (the client's amount is only checked against
 * it): the plan's price, or the slot fee of 5 in the active plan's currency, less the coupon.
 */
export async function price(
  db: Db | Tx,
  userId: number,
  mode: PaymentMode,
  planId: number | undefined,
  coupon?: Coupon | null,
): Promise<Priced> {
  let plan: Plan;
  let listMinor: number;
  if (mode === "newUser") {
    const [row] = await db.select().from(plans).where(eq(plans.id, planId!)).limit(1);
    if (!row?.active) throw invalid("subscription_id", "plans.unavailable");
    plan = row;
    listMinor = row.amountMinor;
  } else {
    const active = await findActivePlan(db as Db, userId);
    if (!active) throw new HttpError(403, "plans.notActive");
    plan = active.plan;
    listMinor = SLOT_FEE_MINOR;
  }
  const applied = coupon === undefined ? await pendingCoupon(db, userId) : coupon;
  if (applied) await checkCoupon(db, applied, userId, plan.currency);
  const discountMinor = discountOf(applied, listMinor);
  return {
    mode,
    plan,
    listMinor,
    discountMinor,
    totalMinor: listMinor - discountMinor,
    currency: plan.currency,
    coupon: applied,
  };
}

export const presentQuote = (p: Priced): PaymentQuote => ({
  mode: p.mode,
  plan_id: p.plan.id,
  currency: p.currency,
  amount: formatMinor(p.listMinor),
  discount: formatMinor(p.discountMinor),
  total: formatMinor(p.totalMinor),
  coupon: p.coupon?.code ?? null,
});
