import type { Db } from "../../db/client";
import { featureNotInPlan, NO_ACTIVE_PLAN, type PlanFeature } from "../../../../contract/plan-features";
import { HttpError } from "../../http/errors";
import { findActivePlan } from "./status";

/** Whether the owner's active plan includes the feature (false without an active plan). */
export async function planIncludes(db: Db, ownerId: number, feature: PlanFeature): Promise<boolean> {
  const active = await findActivePlan(db, ownerId);
  return !!active && active.plan.featureKeys.includes(feature);
}

/**
 * Refuses (403) unless the owner's active plan includes the feature: no plan or a lapsed one
 * says "choose a plan", a plan without it names what it lacks. The dashboard shows the message.
 */
export async function requireFeature(db: Db, ownerId: number, feature: PlanFeature) {
  const active = await findActivePlan(db, ownerId);
  if (!active) throw new HttpError(403, NO_ACTIVE_PLAN, { plan: [NO_ACTIVE_PLAN] });
  if (!active.plan.featureKeys.includes(feature)) {
    const message = featureNotInPlan(active.plan.name, feature);
    throw new HttpError(403, message, { plan: [message] });
  }
}
