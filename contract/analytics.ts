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
  /** Cards that redeemed in the period ÷ active cards (at most 1: one who only came to redeem is among those who redeemed). */
  redemption_rate: z.number(),
  /** What the period's redemptions cost the owner (the rewards', options' and redeemed vouchers' `cost`, money spent). */
  reward_cost: money,
  /**
   * What the cards hold now, at its cost: points at the cheapest option's cost per point, cashback
   * owed, unused vouchers (not expired) at their offer's cost.
   */
  outstanding_liability: money,
  /** Till sales to card holders in the period, refunds taken off. */
  till_revenue: money,
  /** The part of `till_revenue` from customers a friend referred. */
  referral_revenue: money,
  /** Till spend per card since joining, refunds taken off. */
  lifetime_value: money,
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

/** The largest share of cards (percent) a business may hold out. */
export const MAX_CONTROL_PERCENT = 20;

/** control-group-update: the share of cards (0–20 %) held out of automations, messages and offers. */
export const controlGroupUpdateBody = z.object({
  business_id: refId("business"),
  percent: z.coerce
    .number({ error: "The percent must be a whole number from 0 to 20." })
    .int("The percent must be a whole number from 0 to 20.")
    .min(0, "The percent must be a whole number from 0 to 20.")
    .max(MAX_CONTROL_PERCENT, "The percent must be a whole number from 0 to 20."),
});
export const controlGroup = z.object({ business_id: z.number().int(), percent: z.number().int() });

/** The fewest customers in each group for a lift to be told. */
export const MIN_LIFT_GROUP = 30;

/** An estimate with its 95 % confidence interval. */
const interval = z.object({ estimate: z.number(), low: z.number(), high: z.number() });

/**
 * analytics-lift: the cards messages and offers reached against the held-out ones, in the period:
 * visits and till spend (minor units) per customer, and what the difference brought over all the
 * reached customers, with its 95 % interval. `enough` is false (and the estimates null) when
 * either group has fewer than MIN_LIFT_GROUP customers.
 */
export const analyticsLift = z.object({
  business_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  percent: z.number().int(),
  currency: z.string().nullable(),
  enough: z.boolean(),
  reached_customers: z.number().int(),
  control_customers: z.number().int(),
  visits_per_customer: z.object({ reached: z.number(), control: z.number() }),
  spend_per_customer: z.object({ reached: z.number(), control: z.number() }),
  extra_visits: interval.nullable(),
  extra_spend: interval.nullable(),
});
export type AnalyticsLift = z.infer<typeof analyticsLift>;

/** analytics-cohorts: the business's customers by the month they joined (UTC), the last `months` months. */
export const analyticsCohortsQuery = z.object({
  business_id: refId("business"),
  months: z.coerce
    .number({ error: "The months must be a whole number from 1 to 24." })
    .int("The months must be a whole number from 1 to 24.")
    .min(1, "The months must be a whole number from 1 to 24.")
    .max(24, "The months must be a whole number from 1 to 24.")
    .optional()
    .default(6),
});

/**
 * Each cohort: its month ("2026-01"), how many joined, and for each following month up to now the
 * share of them (0–1) who came back that month (`returned[0]` is the month after joining).
 */
export const analyticsCohorts = z.object({
  business_id: z.number().int(),
  cohorts: z.array(z.object({ month: z.string(), customers: z.number().int(), returned: z.array(z.number()) })),
});
export type AnalyticsCohorts = z.infer<typeof analyticsCohorts>;

/** How near a till payment must be to a staff member's earn to match it (minutes, either side). */
export const STAFF_MATCH_MINUTES = 10;

/** analytics-staff: the business's period, as every analytics read. */
export const analyticsStaffQuery = analyticsPeriodQuery;
export type AnalyticsStaffQuery = AnalyticsPeriodQuery;

/** The fewest earns a staff member gives in a period before their unmatched share can raise an alert. */
export const STAFF_ALERT_MIN_EARNS = 10;

/** The days the daily staff alert mail looks back over (the full UTC days before the day it runs). */
export const STAFF_ALERT_DAYS = 7;

const alertPercentError = "The threshold must be a whole number from 1 to 100.";

/**
 * staff-alert-update: the owner's fraud-alert threshold, the share (percent) of a staff member's
 * earns without a matching till payment above which they are flagged; null turns alerts off.
 */
export const staffAlertUpdateBody = z.object({
  business_id: refId("business"),
  percent: z.coerce
    .number({ error: alertPercentError })
    .int(alertPercentError)
    .min(1, alertPercentError)
    .max(100, alertPercentError)
    .nullable(),
});
export type StaffAlertUpdateBody = z.infer<typeof staffAlertUpdateBody>;
export const staffAlert = z.object({ business_id: z.number().int(), percent: z.number().int().nullable() });
export type StaffAlert = z.infer<typeof staffAlert>;

/**
 * analytics-staff: per staff member (the owner included when they scanned), the earns they gave in
 * the period and, with a till connected, how many were matched one-to-one to the nearest till
 * payment at the business within STAFF_MATCH_MINUTES (one payment matches one earn at most);
 * `matched`, `unmatched` and `unmatched_share` (0–1) are null without a till. Most earns first.
 *
 * `alert_percent` is the owner's threshold (null: no alerts). A staff member's `alert` is true when
 * a till is connected, the threshold is set, they gave at least `alert_min_earns` earns in the
 * period (STAFF_ALERT_MIN_EARNS: one unmatched stamp is no alarm) and their unmatched share is
 * above the threshold; false otherwise.
 */
export const analyticsStaff = z.object({
  business_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  till: z.boolean(),
  alert_percent: z.number().int().nullable(),
  alert_min_earns: z.number().int(),
  staff: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      earns: z.number().int(),
      matched: z.number().int().nullable(),
      unmatched: z.number().int().nullable(),
      unmatched_share: z.number().nullable(),
      alert: z.boolean(),
    }),
  ),
});
export type AnalyticsStaff = z.infer<typeof analyticsStaff>;
