import "./zod-setup";
import { z } from "zod";
import { calendarDate } from "./fields";
import { refId } from "./ids";

/** The longest period a figure reads (two years of days). */
export const MAX_PERIOD_DAYS = 731;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** A business and a period: UTC days, both inclusive, `to` not before `from`, at most two years. */
export const analyticsPeriodQuery = z
  .object({ business_id: refId("business"), from: calendarDate, to: calendarDate })
  .refine((q) => q.from <= q.to, { path: ["to"], message: "The to date must not be before the from date." })
  .refine((q) => dayNumber(q.to) - dayNumber(q.from) < MAX_PERIOD_DAYS, {
    path: ["to"],
    message: `The period may not be longer than ${MAX_PERIOD_DAYS} days.`,
  });
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodQuery>;

/** Money in the business's currency, a decimal string ("12.50"); null when the business has none. */
const money = z.string().nullable();

/**
 * analytics-summary: what a business's programme did in a period. Rates are shares (0–1); money
 * is in the business's currency. Liability and lifetime value are as of now, not of the period.
 */
export const analyticsSummary = z.object({
  business_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  currency: z.string().nullable(),
  /** Earning events with a visit (joins and stamps, points or cashback earned at a visit). */
  visits: z.number().int(),
  /** Cards with a visit in the period. */
  active_customers: z.number().int(),
  /** Active cards with two visits or more ÷ active cards. */
  repeat_rate: z.number(),
  /** The mean gap between one card's consecutive visits in the period, in days; null without a repeat visit. */
  average_days_between_visits: z.number().nullable(),
  redemptions: z.number().int(),
  /** Active cards that redeemed in the period ÷ active cards. */
  redemption_rate: z.number(),
  /** What the period's redemptions cost the owner (the rewards' and options' `cost`, money spent). */
  reward_cost: money,
  /** What the cards hold now, at its cost: points at the cheapest option's cost per point, cashback owed. */
  outstanding_liability: money,
  /** Till sales to card holders in the period, refunds taken off. */
  till_revenue: money,
  /** The part of `till_revenue` from customers a friend referred. */
  referral_revenue: money,
  /** Till spend per card since joining, refunds taken off. */
  lifetime_value: money,
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;
