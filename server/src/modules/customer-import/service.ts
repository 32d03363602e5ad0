import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { customerImports } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import type { Translate } from "../../i18n";
import type { ApiKey } from "../../i18n/messages/api/en";
import type { JobQueue } from "../../services/jobs";
import {
  IMPORT_BAD_ROWS_SHOWN,
  type CsvTable,
  type CustomerImportPreview,
  type CustomerImportStatus,
  type ImportMapping,
} from "../../../../contract/customer-import";
import { ownBusiness } from "../businesses/owned";
import type { ImportJob } from "./job";
import { proposeMapping } from "./mapping";
import { badRows, businessCountry, ownImport, stageImport } from "./queries";
import { rowChecker } from "./rows";

export type ImportDeps = { db: Db; queue: JobQueue<ImportJob> };

const IMPORT_NOT_FOUND = "imports.notFound";

/** The file as the server holds it: the upload was read as a stream (http/csv-upload.ts). */
function tableOf(file: CsvTable | Blob | Uint8Array): CsvTable {
  if (!("kind" in file) || file.rows.length === 0) {
    throw new HttpError(422, "imports.empty", { file: ["imports.empty"] });
  }
  return file;
}

/**
 * customer-import-preview: checks each row under the mapping (the one asked for, else the one the
 * header suggests) and stages the file; bad rows are answered with their line and reason.
 */
export async function previewImport(
  deps: ImportDeps,
  ownerId: number,
  body: { business_id: number; file: CsvTable | Blob | Uint8Array; mapping?: ImportMapping },
  t: Translate,
): Promise<CustomerImportPreview> {
  const business = await ownBusiness(deps.db, ownerId, body.business_id);
  const table = tableOf(body.file);
  const mapping = body.mapping ?? proposeMapping(table.header);
  const check = rowChecker(mapping, await businessCountry(deps.db, business.id));
  const { staged, rows } = await stageImport(deps.db, { ownerId, businessId: business.id, mapping }, table.rows, check);
  const bad = rows.filter((row) => row.error);
  return {
    import_id: staged.id,
    header: table.header,
    mapping,
    total_rows: staged.totalRows,
    good_rows: staged.goodRows,
    bad_row_count: bad.length,
    bad_rows: bad.slice(0, IMPORT_BAD_ROWS_SHOWN).map((row) => ({ line: row.line, reason: t(row.error!) })),
  };
}

/** customer-import: queues the job once; asking again answers the import's progress. */
export async function startImport(deps: ImportDeps, ownerId: number, importId: number, t: Translate) {
  const found = await ownImport(deps.db, ownerId, importId);
  if (!found) throw notFound(IMPORT_NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const [queued] = await tx
      .update(customerImports)
      .set({ status: "queued" })
      .where(and(eq(customerImports.id, importId), eq(customerImports.status, "previewed")))
      .returning({ id: customerImports.id });
    if (queued) await deps.queue.enqueue(tx, { importId });
  });
  return importStatus(deps.db, ownerId, importId, t);
}

/** customer-import-status: the progress and the rows not imported. */
export async function importStatus(
  db: Db,
  ownerId: number,
  importId: number,
  t: Translate,
): Promise<CustomerImportStatus> {
  const found = await ownImport(db, ownerId, importId);
  if (!found) throw notFound(IMPORT_NOT_FOUND);
  const bad = await badRows(db, importId);
  return {
    import_id: found.id,
    status: found.status,
    good_rows: found.goodRows,
    processed_rows: found.processedRows,
    added_customers: found.addedCustomers,
    added_cards: found.addedCards,
    unchanged_rows: found.unchangedRows,
    bad_row_count: bad.count,
    bad_rows: bad.shown.map((row) => ({
      line: row.line,
      reason: t((row.error ?? "imports.row.twoCustomers") as ApiKey),
    })),
  };
}
