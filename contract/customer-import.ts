import "./zod-setup";
import { z } from "zod";
import { id } from "./ids";

/**
 * Bringing existing customers in from a CSV file: a preview reads and checks it (nothing is
 * imported yet), then the import runs as a job whose progress the dashboard polls.
 */

/** The largest import file; the upload is streamed, never held whole. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export const IMPORT_FIELDS = [
  "name",
  "email",
  "phone",
  "birthday",
  "balance",
  "consent_email",
  "consent_sms",
  "joined_at",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Each field's column (0-based) in the file, or null when the file has none. */
export const importMapping = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, z.number().int().min(0).max(499).nullable()])) as Record<
    ImportField,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type ImportMapping = z.infer<typeof importMapping>;

/** A CSV file as the server holds it once read from the upload stream: its cells as text. */
export type CsvTable = { kind: "csv-table"; header: string[]; rows: { line: number; cells: string[] }[] };
const isCsvTable = (value: unknown): value is CsvTable =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "csv-table";
/** A file as the browser sends it (a Blob), or bytes (what multipart gives any other call). */
const isFileLike = (value: unknown): value is Blob | Uint8Array =>
  value instanceof Uint8Array || (typeof Blob !== "undefined" && value instanceof Blob);

/** The mapping edited in the dashboard travels as JSON text in the multipart form. */
const mappingField = z.preprocess((value) => {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, importMapping.optional());

/** customer-import-preview (multipart): the file, the business, and the mapping when edited. */
export const customerImportPreviewBody = z.object({
  business_id: z.coerce.number().int().positive(),
  file: z.custom<CsvTable | Blob | Uint8Array>((value) => isCsvTable(value) || isFileLike(value), {
    error: "Choose a CSV file.",
  }),
  mapping: mappingField,
});

export const importBadRow = z.object({ line: z.number().int(), reason: z.string() });

/** The most bad rows an answer lists (the counts tell how many there are). */
export const IMPORT_BAD_ROWS_SHOWN = 200;

export const customerImportPreview = z.object({
  import_id: z.number().int(),
  header: z.array(z.string()),
  mapping: importMapping,
  total_rows: z.number().int(),
  good_rows: z.number().int(),
  bad_row_count: z.number().int(),
  bad_rows: z.array(importBadRow),
});
export type CustomerImportPreview = z.infer<typeof customerImportPreview>;

export const customerImportBody = z.object({ import_id: id });
export const customerImportStatusQuery = z.object({ import_id: z.coerce.number().int().positive() });

export const IMPORT_STATUSES = ["previewed", "queued", "running", "done"] as const;

export const customerImportStatus = z.object({
  import_id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  good_rows: z.number().int(),
  processed_rows: z.number().int(),
  added_customers: z.number().int(),
  added_cards: z.number().int(),
  unchanged_rows: z.number().int(),
  /** Bad rows of the preview and rows the job could not import (matching two customers). */
  bad_row_count: z.number().int(),
  bad_rows: z.array(importBadRow),
});
export type CustomerImportStatus = z.infer<typeof customerImportStatus>;
