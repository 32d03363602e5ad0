import { caseOfKindText, kindLiteral } from "../../../kinds";
import { DEFAULT_KIND } from "../../../../../contract/kinds";
import type { Readable } from "node:stream";
import { and, eq, isNotNull } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { minorDigits } from "../../../../../contract/money";
import type { Database } from "../../../db/client";
import { businesses } from "../../../db/schema";
import { scanFilter, type ScanFilters } from "./scan-filter";

/**
 * The owner's scans as CSV, newest first, each line made whole by PostgreSQL (one text column).
 * The lines come from one `COPY … TO STDOUT` straight into the answer: nothing is built per row in
 * the API server, which keeps its memory flat through a million rows without any process-wide GC
 * setting.
 */

const HEADER = [
  ...["time", "kind", "customer", "email", "card", "business", "location", "staff", "stamps after"],
  // The programme's kind, the purchase amount and the balance after in its own unit.
  ...["programme", "amount", "currency", "balance after"],
  // Who made the scan: customer, staff, owner, api_key, till (a word of the enum).
  "actor",
];

/** The answer's first bytes: a BOM (spreadsheets then read UTF-8), the header (no cell needs quotes). */
const FIRST = Buffer.from(`\uFEFF${HEADER.join(",")}\r\n`);

/** JavaScript's `\s`: the characters that make csv-stringify's `quoted_match: /^\s|\s$/` quote a cell. */
const SPACES =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";
/** A cell starting with one of these is prefixed with ' (OWASP's CSV injection list, as csv-stringify's `escape_formulas`). */
const FORMULA_STARTS = "=+-@\t\r\uff1d\uff0b\uff0d\uff20";

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * One CSV cell of a text value, in SQL, written as csv-stringify wrote it (the export's format
 * before it moved into SQL): empty for null; ' before a formula's first character; quoted (quotes
 * doubled) when the value holds a quote, comma or line break, or starts or ends with a space.
 * String functions, not regular expressions: it runs for every cell of a million rows.
 */
function cell(value: string): string {
  const escaped = `case when strpos(${literal(FORMULA_STARTS)}, left(${value}, 1)) > 0 then '''' || ${value} else ${value} end`;
  return `case when coalesce(${value}, '') = '' then ''
    when strpos(${value}, '"') > 0 or strpos(${value}, ',') > 0 or strpos(${value}, e'\\n') > 0
      or strpos(${value}, e'\\r') > 0 or strpos(${literal(SPACES)}, left(${value}, 1)) > 0
      or strpos(${literal(SPACES)}, right(${value}, 1)) > 0
    then '"' || replace(${escaped}, '"', '""') || '"'
    else ${escaped} end`;
}

/** The owner's businesses whose currency has other than 2 decimals, by those decimals. */
export type DigitGroups = Map<number, number[]>;

/** The groups of one owner: one short query before the export (money.ts `minorDigits`). */
async function digitGroups(database: Database, ownerId: number): Promise<DigitGroups> {
  const rows = await database.db
    .select({ id: businesses.id, currency: businesses.currency })
    .from(businesses)
    .where(and(eq(businesses.userId, ownerId), isNotNull(businesses.currency)));
  const groups: DigitGroups = new Map();
  for (const { id, currency } of rows) {
    const digits = minorDigits(currency!);
    if (digits !== 2) groups.set(digits, [...(groups.get(digits) ?? []), id]);
  }
  return groups;
}

/** Minor units `m` (an integer expression) as a decimal string with `digits` decimals: integer arithmetic. */
function fixed(m: string, digits: number): string {
  if (digits === 0) return `${m}::text`;
  const unit = 10 ** digits;
  return `case when ${m} < 0 then '-' else '' end || (abs(${m}) / ${unit})::text || '.' || lpad((abs(${m}) % ${unit})::text, ${digits}, '0')`;
}

/**
 * Minor units as the contract's decimal string ("4.60", "500" for yen) in scan `s`'s business's
 * currency: the few businesses with other decimals are named (integer ids), the rest have 2.
 */
function money(minor: string, groups: DigitGroups): string {
  if (groups.size === 0) return fixed(minor, 2);
  const named = [...groups].map(
    ([digits, ids]) => `when s.business_id in (${ids.join(",")}) then ${fixed(minor, digits)}`,
  );
  return `case ${named.join(" ")} else ${fixed(minor, 2)} end`;
}

/** The scan's programme: its reward's kind (which never changes once it has cards); stamps without one. */
const KIND = `coalesce(r.kind, ${kindLiteral(DEFAULT_KIND)})`;

/**
 * The CSV line of scan `s` (with its card `c`, customer `cu`, business `b`, location `a` and staff
 * member `st`): the time in UTC to the millisecond, truncated as a JS Date is (scan-list's
 * created_at), the kind (a word of the enum), the cells, the stamps after (a number: no formula
 * prefix for its sign), the programme (a word), the amount (a decimal, empty without one), the
 * currency (points and cashback) and the balance after (cashback: a decimal), and the line's end.
 */
const lineOf = (groups: DigitGroups) =>
  [
    `left(to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), 23) || 'Z'`,
    `s.kind::text`,
    cell("cu.name"),
    cell("cu.email"),
    cell("c.serial"),
    cell("b.business_name"),
    cell("a.address"),
    cell("st.name"),
    `s.stamps_after::text`,
    KIND,
    `case when s.amount is null then '' else ${money("s.amount", groups)} end`,
    caseOfKindText(KIND, (kind) => kind.exportCurrency("coalesce(b.currency, '')")),
    caseOfKindText(KIND, (kind) => kind.exportBalance("s.stamps_after", money("s.stamps_after", groups))),
    `s.actor::text`,
  ].join(" || ',' || ") + " || e'\\r\\n'";

const JOINS = `left join cards c on c.id = s.card_id
  left join customers cu on cu.id = c.customer_id
  join businesses b on b.id = s.business_id
  left join addresses a on a.id = s.address_id
  left join users st on st.id = s.staff_user_id
  left join rewards r on r.id = s.reward_id`;

const dialect = new PgDialect();

/**
 * scan-list's filter (scan-filter.ts) with its values written as literals, as drizzle writes a
 * view's: COPY takes no parameters. The values come validated by the contract.
 */
const whereOf = (ownerId: number, f: ScanFilters) => dialect.sqlToQuery(scanFilter(ownerId, f).inlineParams()).sql;

/** The query whose rows are the export's lines on PostgreSQL (one COPY). */
export const copyQuery = (ownerId: number, filters: ScanFilters, groups: DigitGroups = new Map()) =>
  `select ${lineOf(groups)} from (select * from scans where ${whereOf(ownerId, filters)}) s ${JOINS}
  order by s.created_at desc, s.id desc`;

/**
 * The planner settings of that COPY: rows in the index's order, never sorted, so they flow from
 * the first one (a sort of the owner's million rows held the first back 2.5 s on the scale
 * bench's data), without JIT (its compilation took 0.5-0.7 s before the first row) and in one
 * process (parallel workers would be held as long as a slow client reads).
 */
export const COPY_SETTINGS = { enable_sort: "off", jit: "off", max_parallel_workers_per_gather: "0" };

/** The CSV answer: COPY's bytes, streamed with back-pressure. */
export async function scanExport(database: Database, ownerId: number, filters: ScanFilters): Promise<Readable> {
  const groups = await digitGroups(database, ownerId);
  return database.copyTextColumn(copyQuery(ownerId, filters, groups), { first: FIRST, settings: COPY_SETTINGS });
}
