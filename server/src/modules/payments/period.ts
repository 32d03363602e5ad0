import { daysInMonth } from "../../../../contract/fields";

/** How long one paid period of a plan runs. */
export type BillingInterval = "month" | "year";

const MONTHS: Record<BillingInterval, number> = { month: 1, year: 12 };

/**
 * `anchor` moved by `months` calendar months (UTC), at the same time of day: on the anchor's day
 * of the month, or on the month's last day when the month is shorter. 31 January + 1 is 28 (or
 * 29) February, not 3 March as `setUTCMonth` makes it; 29 February + 12 is 28 February.
 */
export function addCalendarMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month + 1));
  const end = new Date(anchor);
  // One call: setting the year, month and day apart could overflow through a shorter month.
  end.setUTCFullYear(year, month, day);
  return end;
}

/**
 * The end of the paid period that starts at `start`, in a billing cycle anchored at `anchor` (when
 * its first period began): the first of anchor + 1, 2, … intervals after `start`. Each end is
 * counted from the anchor, never from the previous end, so a renewal keeps the anchor's day as
 * Stripe's billing cycle does: 31 Jan → 28 Feb → 31 Mar → 30 Apr → 31 May. A new plan's period
 * is `periodEnd(start, start, interval)`.
 */
export function periodEnd(anchor: Date, start: Date, interval: BillingInterval): Date {
  const step = MONTHS[interval];
  const elapsed = (start.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + start.getUTCMonth() - anchor.getUTCMonth();
  // From the whole intervals elapsed (the start lies on or after the anchor + that many), on.
  let periods = Math.max(1, Math.floor(elapsed / step));
  while (addCalendarMonths(anchor, periods * step).getTime() <= start.getTime()) periods++;
  return addCalendarMonths(anchor, periods * step);
}
