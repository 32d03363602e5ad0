import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import type { ScanFilters, ScanPage } from "../../../../../contract/scans";
import { actingOwnerId } from "../../../http/auth";
import { route } from "../../../http/route";
import { programmeWords } from "../../../i18n/programme-words";
import { scanExport } from "./scan-export";
import { scanFilter } from "./scan-filter";
import { cursorOf, scanPage, toScan } from "./scan-list";

/** My Scans: the list (a page at a time) and the CSV export of the same filters. */
export function scanRoutes(app: FastifyInstance) {
  route(app, calls.scanList, async ({ user, query, t }) => {
    const where = scanFilter(actingOwnerId(user), query);
    // One row more than the page says whether another follows: no count of the whole history.
    const offset = query.cursor ? 0 : (query.page - 1) * query.per_page;
    const rows = await scanPage(app.db, where, query.cursor, query.per_page + 1, offset);
    const items = rows.slice(0, query.per_page);
    const hasMore = rows.length > query.per_page;
    const data: ScanPage = {
      items: items.map((row) => toScan(row, programmeWords(t))),
      page: query.page,
      per_page: query.per_page,
      has_more: hasMore,
      next_cursor: hasMore ? cursorOf(items.at(-1)!) : null,
    };
    return { message: "scans.list", data };
  });

  route(app, calls.scanExport, async ({ user, query }) => {
    const filters: ScanFilters = query;
    // Streamed with back-pressure; a client that goes away destroys the stream, which stops the read.
    const body = await scanExport(app.database, actingOwnerId(user), query);
    const name = ["scans", filters.from, filters.to].filter(Boolean).join("-");
    return {
      message: "scans.csv",
      file: {
        body,
        contentType: "text/csv; charset=utf-8",
        headers: { "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" },
      },
    };
  });
}
