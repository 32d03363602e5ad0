import "./zod-setup";
import { z } from "zod";
import { REWARD_KINDS } from "./rewards";

/** One day of the 30-day chart (UTC days). */
export const dayFigures = z.object({ date: z.string(), stamps: z.number().int(), customers: z.number().int() });
export type DayFigures = z.infer<typeof dayFigures>;

/**
 * dashboard-details: the owner's KPIs. Flat counts keyed by figure, so later issues add theirs
 * beside these without reshaping the answer. Stamps count joins (a card starts with one).
 */
export const dashboardDetails = z.object({
  businesses: z.number().int(),
  locations: z.number().int(),
  staff: z.number().int(),
  product_categories: z.number().int(),
  qr_codes: z.number().int(),
  customers: z.number().int(),
  stamps_today: z.number().int(),
  stamps_30_days: z.number().int(),
  rewards_redeemed: z.number().int(),
  /** Points programmes: points earned (visits, purchases, referrals, corrections up) and spent. */
  points_issued: z.number().int(),
  points_redeemed: z.number().int(),
  /**
   * Cashback programmes: the money cards hold and may spend (a liability), one entry per currency
   * the owner's businesses count in, largest first; empty without cashback cards.
   */
  cashback_owed: z.array(z.object({ currency: z.string(), amount: z.string() })),
  /** Vouchers issued and redeemed in the last 30 days; null when the owner has no offer. */
  vouchers_issued: z.number().int().nullable(),
  vouchers_redeemed: z.number().int().nullable(),
  /**
   * Happy hours, last 30 days: per business, what its promotions added beyond the base (and level)
   * earn, in the programme's unit (`unit`: stamps, points, cashback minor units, with `currency`).
   */
  promotion_extra: z.array(
    z.object({
      business_id: z.number().int(),
      business_name: z.string(),
      unit: z.enum(REWARD_KINDS),
      currency: z.string(),
      extra: z.number().int(),
    }),
  ),
  /** Customers per level now, per levelled programme (its business and reward), levels by name. */
  level_customers: z.array(
    z.object({
      business_id: z.number().int(),
      business_name: z.string(),
      reward_id: z.number().int(),
      level: z.string(),
      customers: z.number().int(),
    }),
  ),
  /** Prepaid visits, last 30 days: per business, visits sold (card-topup) and used. */
  multipass_visits: z.array(
    z.object({
      business_id: z.number().int(),
      business_name: z.string(),
      sold: z.number().int(),
      used: z.number().int(),
    }),
  ),
  /** Friends whose first visit earned their referral bonus. */
  referrals: z.number().int(),
  /** The kinds of programme the owner runs (active rewards), so the pages speak of stamps, points or money. */
  programmes: z.array(z.enum(REWARD_KINDS)),
  /** The last 30 days, oldest first, today last; days without events are zeros. */
  series: z.array(dayFigures),
});
export type DashboardDetails = z.infer<typeof dashboardDetails>;
