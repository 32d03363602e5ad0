import { stringify } from "csv-stringify/sync";

/**
 * One CSV cell as csv-stringify writes it with the options the export used before it was written
 * in SQL (modules/loyalty/scans/scan-export.ts): the reference its cells are checked against. A cell is
 * quoted when it holds a quote, comma or line break, or starts or ends with a space; a text
 * starting with = + - @ (or a tab or carriage return) gets a ' first (numbers keep their sign).
 */
export function csvCell(value: string | number | null): string {
  return stringify([[value]], {
    record_delimiter: "windows",
    quote_record_delimiter: true,
    quoted_match: /^\s|\s$/,
    escape_formulas: true,
  }).replace(/\r\n$/, "");
}
