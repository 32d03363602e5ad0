import "./zod-setup";
import { z } from "zod";

/** A plan as `GET /subscriptionplan-list` answers it; `amount` in major units ("29.00"). */
export const subscriptionPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.string().length(3),
  interval: z.enum(["month", "year"]),
  features: z.array(z.string()),
  included_businesses: z.number().int(),
  included_addresses: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;
/** A plan's texts for people, which the operator may write per locale. */
export type PlanTexts = Pick<SubscriptionPlan, "name" | "features">;

export const subscriptionPlanList = z.array(subscriptionPlan);
