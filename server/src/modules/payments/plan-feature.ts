/** The plan checks, where the public API's route (modules/v1/route.ts) reaches them. */
export { requireFeature } from "../../http/plan-feature";
export { planIncludes } from "../../db/active-plan";
