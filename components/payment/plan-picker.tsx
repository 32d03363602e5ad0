"use client";

import { useRouter } from "next/navigation";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { formatMoney, useActivePlan, usePayments, usePlans } from "@/lib/queries/payments";
import { saveChosenPlan } from "@/lib/payments/local";

const day = new Intl.DateTimeFormat("en", { dateStyle: "long" });

/** /subscription: the plans to choose from; the choice is kept locally and paid on /payment. */
export function PlanPicker() {
  const router = useRouter();
  const plans = usePlans();
  const active = useActivePlan();
  const history = usePayments();
  // A plan that ran out (the latest succeeded plan payment's period is over): ask to renew.
  const lapsed =
    active.data === null
      ? history.data?.find((p) => p.mode === "newUser" && p.status === "succeeded" && p.period_end)
      : undefined;

  return (
    <>
      <h1 className="page-title">Choose your plan</h1>
      {lapsed && (
        <div className="card notice notice-warning" role="status">
          <strong>
            Your {lapsed.plan.name} plan ended on {day.format(new Date(lapsed.period_end!))}.
          </strong>{" "}
          Renew it to open your dashboard again. Your customers&apos; stamp cards keep working meanwhile.
        </div>
      )}
      {active.data && (
        <div className="card notice" role="status">
          Your {active.data.plan.name} plan is active until {day.format(new Date(active.data.period_end!))}. Renewing
          adds a period after it; another plan starts today.
        </div>
      )}
      {plans.isPending && <Skeleton rows={3} height="12rem" label="Loading the plans…" />}
      {plans.isError && <ErrorState what="the plans" error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.data && (
        <ul className="plans">
          {plans.data.map((plan) => (
            <li key={plan.id} className="plan">
              <h2>{plan.name}</h2>
              <p className="plan-price">
                <strong>{formatMoney(plan.amount, plan.currency)}</strong>{" "}
                <span>{plan.interval === "year" ? "per year" : "per month"}</span>
              </p>
              <ul className="check-list">
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <button
                type="button"
                className="btn btn-primary btn-block"
                aria-label={`Choose ${plan.name}`}
                onClick={() => {
                  saveChosenPlan({
                    id: plan.id,
                    name: plan.name,
                    amount: plan.amount,
                    currency: plan.currency,
                    interval: plan.interval,
                  });
                  router.push(`/payment?mode=newUser&plan=${plan.id}`);
                }}
              >
                {active.data?.plan.id === plan.id ? "Renew" : "Choose"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
