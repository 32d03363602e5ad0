import "./zod-setup";
import { actorView } from "./actors";
import { REWARD_KINDS } from "./rewards";
import { z } from "zod";
import { calendarDate } from "./fields";
import { SCAN_KINDS } from "./limits";
import { optionalId } from "./ids";
import { pageQuery } from "./pagination";

export { SCAN_KINDS };
export type ScanKind = (typeof SCAN_KINDS)[number];

/** A filter day: the contract's one date type (fields.ts), or nothing when left blank. */
const day = z.preprocess((value) => (value === "" ? undefined : value), z.optional(calendarDate));

/** Filters of My Scans and its CSV: business, kind and a date range (days, UTC, both inclusive). */
const filterShape = {
  business_id: optionalId,
  kind: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(SCAN_KINDS, { error: "The kind must be join, stamp or redeem." }).optional(),
  ),
  from: day,
  to: day,
};
const ordered = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const orderMessage = { path: ["to"], message: "The to date must not be before the from date." };

export const scanFilters = z.object(filterShape).refine(ordered, orderMessage);
export type ScanFilters = z.input<typeof scanFilters>;

/** Where a page of My Scans starts: after the row at (created_at to the microsecond, id). */
export type ScanCursor = { at: string; id: number };
const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\/(\d{1,10})$/;
const cursorMessage = "The cursor is not one this list gave.";

/** The cursor the answer gives: opaque to clients (base64url), decoded only by `scanCursor`. */
export const encodeScanCursor = (cursor: ScanCursor) =>
  btoa(`${cursor.at}/${cursor.id}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** atob/btoa, not Buffer: this module reaches the browser too. */
function decodeScanCursor(value: string): ScanCursor | null {
  let text: string;
  try {
    text = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const match = CURSOR_TEXT.exec(text);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  const id = Number(match[2]);
  return id >= 1 && id <= 2_147_483_647 ? { at: match[1]!, id } : null;
}

/**
 * `cursor`: the previous answer's `next_cursor`; the page after it (keyset: as cheap at the end of
 * a million scans as at the start). Without one, `page` still works, to a depth of
 * MAX_SCAN_OFFSET rows: deeper pages are the cursor's.
 */
const scanCursor = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .max(100, cursorMessage)
    .regex(/^[A-Za-z0-9_-]+$/, cursorMessage)
    .refine((value) => decodeScanCursor(value) !== null, cursorMessage)
    .transform((value) => decodeScanCursor(value)!)
    .optional(),
);

/** The deepest `page` reads (rows skipped); beyond it the list pages by cursor only. */
export const MAX_SCAN_OFFSET = 10_000;
const shallow = (q: { page: number; per_page: number; cursor?: ScanCursor }) =>
  q.cursor !== undefined || (q.page - 1) * q.per_page < MAX_SCAN_OFFSET;

export const scanListQuery = pageQuery
  .extend({ ...filterShape, cursor: scanCursor })
  .refine(ordered, orderMessage)
  .refine(shallow, { path: ["page"], message: "The page is too deep: follow next_cursor instead." });

/**
 * One page of My Scans, newest first. No total: counting a long history costs as much as reading
 * it. `next_cursor` (null on the last page) asks for the following page.
 */
export const scan = z.object({
  id: z.number().int(),
  kind: z.enum(SCAN_KINDS),
  created_at: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  serial: z.string(),
  business_id: z.number().int(),
  business_name: z.string(),
  location: z.string().nullable(),
  staff_name: z.string().nullable(),
  /** Who made the scan: the customer, staff, the owner, an API key, a till. */
  actor: actorView,
  stamps_after: z.number(),
  /** The programme the scan counted for, the balance after it in its terms ("340 points",
   * "€4.60", "7 stamps") and the purchase amount (decimal string) when one was entered. */
  programme: z.enum(REWARD_KINDS),
  balance_after_text: z.string(),
  amount: z.string().nullable(),
  /** Why a fraud alert marked the card, or null. */
  flag_reason: z.string().nullable(),
});
export type Scan = z.infer<typeof scan>;

export const scanPage = z.object({
  items: z.array(scan),
  page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type ScanPage = z.infer<typeof scanPage>;

/** scan-export answers the CSV itself (text/csv), not the envelope. */
export const csvText = z.string();
