import { z } from "zod";
import { optionalId } from "./ids";
import { pageQuery } from "./pagination";

export const SCAN_KINDS = ["join", "stamp", "redeem"] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** Filter dates stay within this range: beyond it a date is a typo (or a probe), never a real filter. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/**
 * A real calendar day `YYYY-MM-DD`: the parts must survive a round trip through Date (2026-02-30
 * would silently become 2 March) and the year lies in FIRST_YEAR..LAST_YEAR (9999-12-31 plus one
 * day, or year 0, are beyond what the database's timestamps take).
 */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const day = (label: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} must be a date (YYYY-MM-DD).`)
      .refine(isCalendarDay, `The ${label} is not a day of the calendar.`)
      .refine(
        (value) => Number(value.slice(0, 4)) >= FIRST_YEAR && Number(value.slice(0, 4)) <= LAST_YEAR,
        `The ${label} must be between ${FIRST_YEAR} and ${LAST_YEAR}.`,
      )
      .optional(),
  );

/** Filters of My Scans and its CSV: business, kind and a date range (days, UTC, both inclusive). */
const filterShape = {
  business_id: optionalId,
  kind: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(SCAN_KINDS, { error: "The kind must be join, stamp or redeem." }).optional(),
  ),
  from: day("from date"),
  to: day("to date"),
};
const ordered = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const orderMessage = { path: ["to"], message: "The to date must not be before the from date." };

export const scanFilters = z.object(filterShape).refine(ordered, orderMessage);
export const scanListQuery = pageQuery.extend(filterShape).refine(ordered, orderMessage);
export type ScanFilters = z.input<typeof scanFilters>;

export type Scan = {
  id: number;
  kind: ScanKind;
  created_at: string;
  customer_name: string;
  customer_email: string;
  serial: string;
  business_id: number;
  business_name: string;
  location: string | null;
  staff_name: string | null;
  stamps_after: number;
};
