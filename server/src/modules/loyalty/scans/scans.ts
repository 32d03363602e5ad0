import type { ProgrammeWords } from "../../../../../contract/programme";
import type { ScanFilters, ScanPage } from "../../../../../contract/scans";
import type { Database, Db } from "../../../db/client";
import type { Query } from "../shared/deps";
import { scanExport } from "./scan-export";
import { scanFilter } from "./scan-filter";
import { cursorOf, scanPage, toScan } from "./scan-list";

/** My Scans: a page of the acting owner's scans, newest first. */
export async function scanListPage(
  db: Db,
  ownerId: number,
  query: Query<"scanList">,
  words: ProgrammeWords,
): Promise<ScanPage> {
  const where = scanFilter(ownerId, query);
  // One row more than the page says whether another follows: no count of the whole history.
  const offset = query.cursor ? 0 : (query.page - 1) * query.per_page;
  const rows = await scanPage(db, where, query.cursor, query.per_page + 1, offset);
  const items = rows.slice(0, query.per_page);
  const hasMore = rows.length > query.per_page;
  return {
    items: items.map((row) => toScan(row, words)),
    page: query.page,
    per_page: query.per_page,
    has_more: hasMore,
    next_cursor: hasMore ? cursorOf(items.at(-1)!) : null,
  };
}

/**
 * The CSV export of the same filters, with its file name. Streamed with back-pressure; a client
 * that goes away destroys the stream, which stops the read.
 */
export async function scanCsv(database: Database, ownerId: number, query: Query<"scanExport">) {
  const filters: ScanFilters = query;
  const body = await scanExport(database, ownerId, query);
  return { body, name: ["scans", filters.from, filters.to].filter(Boolean).join("-") };
}
