"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { formatMoney, useActivePlan } from "@/lib/browser/queries/payments";

/** After the first plan payment (newUser → /thank-you), then on to the dashboard. */
export function ThankYou() {
  const active = useActivePlan();
  const plan = active.data;
  const t = useTranslations("dashboard.thankYou");
  const format = useFormatter();
  return (
    <section className="card state-card thank-you" aria-labelledby="thanks-heading">
      <h1 id="thanks-heading" className="page-title">
        {t("title")}
      </h1>
      {plan ? (
        <p>
          {t.rich("active", {
            plan: plan.plan.name,
            date: format.dateTime(new Date(plan.period_end!), { dateStyle: "long" }),
            amount: formatMoney(format, plan.amount, plan.currency),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ) : (
        <p className="muted">{t("pending")}</p>
      )}
      <Link href="/dashboard/main" className="btn btn-primary">
        {t("toDashboard")}
      </Link>
    </section>
  );
}
