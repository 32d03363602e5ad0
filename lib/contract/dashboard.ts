import { z } from "zod";

/**
 * dashboard-details: the owner's KPIs. Flat counts keyed by figure, so later issues add theirs
 * (QR codes, customers, stamps, a 30-day series) beside these without reshaping the answer.
 */
export const dashboardDetails = z.object({
  businesses: z.number().int(),
  locations: z.number().int(),
  staff: z.number().int(),
  product_categories: z.number().int(),
});
export type DashboardDetails = z.infer<typeof dashboardDetails>;
