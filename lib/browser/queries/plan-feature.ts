"use client";

import type { PlanFeature } from "@/contract/plan-features";
import { useActivePlan } from "./payments";

/**
 * Whether the owner's plan in force includes `feature`: undefined while it loads (or could not
 * be read: the form is then shown and the server's refusal says why), false without a plan.
 */
export function usePlanIncludes(feature: PlanFeature): boolean | undefined {
  const active = useActivePlan();
  if (!active.isSuccess) return undefined;
  return active.data?.feature_keys.includes(feature) ?? false;
}
