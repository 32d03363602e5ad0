import { z } from "zod";
import { optionalId } from "./ids";
import { pageQuery } from "./pagination";

export const SCAN_KINDS = ["join", "stamp", "redeem"] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

const day = (label: string) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} must be a date (YYYY-MM-DD).`)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `The ${label} must be a date (YYYY-MM-DD).`)
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
  /** Why a fraud alert marked the card, or null. */
  flag_reason: string | null;
};
