import type { PlanFeature } from "../../../contract/plan-features";
import type { Db } from "../db/client";
import { findActivePlan } from "../db/active-plan";
import { sentence } from "../i18n/sentence";
import { HttpError } from "./errors";

/**
 * Refuses (403) unless the owner's active plan includes the feature: no plan or a lapsed one
 * says "choose a plan", a plan without it names what it lacks. The dashboard shows the message.
 * route() checks a call's `feature` with it; the public API checks `integrations`.
 */
export async function requireFeature(db: Db, ownerId: number, feature: PlanFeature) {
  const active = await findActivePlan(db, ownerId);
  if (!active) throw new HttpError(403, "plans.notActive", { plan: ["plans.notActive"] });
  if (!active.plan.featureKeys.includes(feature)) {
    // The catalogue chooses by key; ICU choices cannot hold a hyphen.
    const message = sentence("plans.featureMissing", { plan: active.plan.name, feature: feature.replace("-", "_") });
    throw new HttpError(403, message, { plan: [message] });
  }
}
