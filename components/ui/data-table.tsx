import type { Key, ReactNode } from "react";
import "./data-table.css";
import "./stack-table.css";

/** A column as data: its header, and how a row fills its cell. */
export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * Whether the cell carries its header as `data-label`, which a phone's stacked layout shows
   * before it; off for a cell that names the row itself (the customer's name needs no label).
   */
  labelled?: boolean;
};

type Props<Row> = {
  /** The table's classes: `scan-table` and its section's; `stack-table` to stack rows on a phone. */
  className: string;
  /** Read by screen readers only: what the table lists. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
};

/**
 * The one data table of the dashboard: a scrolling wrapper, a hidden caption, column headers and
 * one row per item. Each cell's `data-label` is its column's header, written with the cell (no
 * second copy to keep in step with the header, and there on the first paint, before any script).
 */
export function DataTable<Row>({ className, caption, columns, rows, rowKey }: Props<Row>) {
  return (
    <div className="table-scroll">
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.labelled === false ? undefined : column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
