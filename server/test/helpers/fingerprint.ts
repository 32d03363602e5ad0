import { sql } from "drizzle-orm";
import type { TestApp } from "./app";

/**
 * A cheap fingerprint of the whole database: per table, the row count and a sum of 64-bit hashes of its rows, so
 * a refused request can be shown to have written nothing (fuzzing and the access matrix). Every
 * table of the schema is read from the catalogue, so a table added later is covered by default.
 *
 * What a refusal writes by design is left out, each with its reason:
 */
const IGNORED: Record<string, string[] | "all"> = {
  // Failed logins and code checks are counted (the point of a rate limit).
  rate_limits: "all",
  // Every authenticated request, refused or not, records when its token was last used.
  api_tokens: ["last_used_at"],
  // A wrong code counts as an attempt (5 allowed).
  otps: ["attempts"],
  wallet_codes: ["attempts"],
  // The period rollups count history already written (scans, sales, events: fingerprinted above),
  // at whichever catch-up comes next: the insights job the app settles after any request, or a read.
  insight_changes: "all",
  insight_visit_days: "all",
  insight_visit_lags: "all",
  insight_visit_pair_sums: "all",
  insight_sale_days: "all",
  insight_sale_pair_sums: "all",
  insight_redeem_days: "all",
  insight_staff_days: "all",
};

export type Fingerprint = Record<string, { rows: number; hash: string }>;

let tablesCache = new WeakMap<TestApp, string[]>();

async function tables(t: TestApp): Promise<string[]> {
  const cached = tablesCache.get(t);
  if (cached) return cached;
  const rows = await t.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rows.map((row) => row.name).filter((name) => IGNORED[name] !== "all");
  tablesCache.set(t, names);
  return names;
}

/** Forget the table list (a test that migrates further). */
export const resetFingerprintCache = () => {
  tablesCache = new WeakMap();
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function fingerprint(t: TestApp): Promise<Fingerprint> {
  const names = await tables(t);
  const selects = names.map((name) => {
    const ignored = IGNORED[name];
    const columns = Array.isArray(ignored) ? ` - array[${ignored.map((c) => `'${c}'`).join(",")}]::text[]` : "";
    // A sum of row hashes: independent of row order, so no sort (this runs around every request).
    return `select '${name}' as name, count(*)::int as rows,
      coalesce(sum(hashtextextended((to_jsonb(x)${columns})::text, 18)), 0)::text as hash from public.${quote(name)} x`;
  });
  const rows = await t.query<{ name: string; rows: number; hash: string }>(sql.raw(selects.join(" union all ")));
  return Object.fromEntries(rows.map((row) => [row.name, { rows: Number(row.rows), hash: row.hash }]));
}

/** The tables whose rows differ between two fingerprints, e.g. `["users: 3 → 4 rows"]`. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.hash !== after[name]?.hash)
    .map((name) => `${name}: ${before[name]?.rows ?? 0} → ${after[name]?.rows ?? 0} rows`);
}
