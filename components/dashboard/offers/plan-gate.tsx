"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/browser/api-client";

/** The message of a plan's refusal (no active plan, or one without vouchers), else null. */
export function planRefusal(error: unknown): string | null {
  return error instanceof ApiError && (error.code === "plan_feature_missing" || error.code === "plan_not_active")
    ? error.message
    : null;
}

/** The plan's refusal, kept above the section with the way to a plan that has vouchers. */
export function PlanGate({ message }: { message: string }) {
  const t = useTranslations("offers");
  return (
    <div className="card plan-gate" role="alert">
      <p>{message}</p>
      <Link className="btn btn-primary" href="/dashboard/plans">
        {t("seePlans")}
      </Link>
    </div>
  );
}
