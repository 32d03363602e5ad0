import type { ActivePlan, PaymentRecord } from "../../../../contract/payments";
import type { Payment, Plan } from "../../db/schema";
import { formatMinor } from "../plans/present";

export function presentPayment(payment: Payment, plan: Plan, coupon: string | null): PaymentRecord {
  return {
    id: payment.id,
    mode: payment.mode,
    plan: { id: plan.id, name: plan.name, interval: plan.interval },
    amount: formatMinor(payment.amountMinor),
    discount: formatMinor(payment.discountMinor),
    currency: payment.currency,
    coupon,
    provider: payment.provider,
    provider_reference: payment.providerRef,
    status: payment.status,
    failure_message: payment.failureMessage,
    period_start: payment.periodStart?.toISOString() ?? null,
    period_end: payment.periodEnd?.toISOString() ?? null,
    created_at: payment.createdAt.toISOString(),
  };
}

export const presentActivePlan = (payment: Payment, plan: Plan, coupon: string | null): ActivePlan => ({
  ...presentPayment(payment, plan, coupon),
  included_businesses: plan.includedBusinesses,
  included_addresses: plan.includedAddresses,
  feature_keys: plan.featureKeys,
});
