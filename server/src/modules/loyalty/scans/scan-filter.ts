import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Scan } from "../../../../../contract/scans";
import { scans } from "../../../db/schema";

export type ScanFilters = { business_id?: number; kind?: Scan["kind"]; from?: string; to?: string };

/**
 * The owner's scans matching the filters, for scan-list and scan-export alike: dates are whole UTC
 * days, both ends included. Columns are named by the table (`scans`), not an alias.
 */
export function scanFilter(ownerId: number, f: ScanFilters): SQL {
  return and(
    eq(scans.userId, ownerId),
    f.business_id ? eq(scans.businessId, f.business_id) : undefined,
    f.kind ? eq(scans.kind, f.kind) : undefined,
    f.from ? gte(scans.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(scans.createdAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000)) : undefined,
  )!;
}
