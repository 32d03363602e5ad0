"use client";

import Link from "next/link";
import { formatMoney, useActivePlan } from "@/lib/queries/payments";

const day = new Intl.DateTimeFormat("en", { dateStyle: "long" });

/** After the first plan payment (spec.md §4 newUser → /thank-you), then on to the dashboard. */
export function ThankYou() {
  const active = useActivePlan();
  const plan = active.data;
  return (
    <section className="card state-card thank-you" aria-labelledby="thanks-heading">
      <h1 id="thanks-heading" className="page-title">
        Thank you for subscribing!
      </h1>
      {plan ? (
        <p>
          Your <strong>{plan.plan.name}</strong> plan is active until {day.format(new Date(plan.period_end!))}. We
          charged {formatMoney(plan.amount, plan.currency)} and emailed you the receipt.
        </p>
      ) : (
        <p className="muted">Your payment went through. Your receipt is on its way to your inbox.</p>
      )}
      <Link href="/dashboard/main" className="btn btn-primary">
        Go to your dashboard
      </Link>
    </section>
  );
}
