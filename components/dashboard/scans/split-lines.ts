import type { ScanLine } from "@/lib/browser/offline-scans/queue";

/** One row of the scanner's split: a category (its id, as the select holds it) and its part of the amount. */
export type SplitLine = { key: number; category: string; amount: string };

/** The rows the staff filled in, as the scan sends them (a row without a category or amount is left out). */
export const scanLines = (rows: readonly SplitLine[]): ScanLine[] =>
  rows
    .filter((row) => row.category !== "" && row.amount.trim() !== "")
    .map((row) => ({ product_category_id: Number(row.category), amount: row.amount.trim() }));

/** A new empty row, keyed after the others. */
export const newLine = (rows: readonly SplitLine[]): SplitLine => ({
  key: Math.max(0, ...rows.map((row) => row.key)) + 1,
  category: "",
  amount: "",
});
