"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { formatMoney, useActivePlan, usePayments, usePlans } from "@/lib/browser/queries/payments";
import { saveChosenPlan } from "@/lib/browser/payments/local";

/** /subscription: the plans to choose from; the choice is kept locally and paid on /payment. */
export function PlanPicker() {
  const router = useRouter();
  const t = useTranslations("dashboard.plans");
  const format = useFormatter();
  const day = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "long" });
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
      <h1 className="page-title">{t("title")}</h1>
      {lapsed && (
        <div className="card notice notice-warning" role="status">
          <strong>{t("lapsed", { plan: lapsed.plan.name, date: day(lapsed.period_end!) })}</strong> {t("lapsedHint")}
        </div>
      )}
      {active.data && (
        <div className="card notice" role="status">
          {t("active", { plan: active.data.plan.name, date: day(active.data.period_end!) })}
        </div>
      )}
      {plans.isPending && <Skeleton rows={3} height="12rem" label={t("loading")} />}
      {plans.isError && <ErrorState what={t("what")} error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.data && (
        <ul className="plans">
          {plans.data.map((plan) => (
            <li key={plan.id} className="plan">
              {/* The plans' names and features are the catalogue's data, as the server holds them. */}
              <h2 data-user-content>{plan.name}</h2>
              <p className="plan-price">
                <strong>{formatMoney(format, plan.amount, plan.currency)}</strong>{" "}
                <span>{plan.interval === "year" ? t("perYear") : t("perMonth")}</span>
              </p>
              <ul className="check-list" data-user-content>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <button
                type="button"
                className="btn btn-primary btn-block"
                aria-label={t("chooseLabel", { plan: plan.name })}
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
                {active.data?.plan.id === plan.id ? t("renew") : t("choose")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
