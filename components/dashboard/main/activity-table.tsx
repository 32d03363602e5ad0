import type { DayFigures } from "@/lib/contract/dashboard";
import { dayLabel } from "./day-label";

/**
 * The chart's figures as a table, for screen readers and anyone who prefers numbers (WCAG 1.1.1):
 * behind a disclosure, so the chart stays the first thing seen.
 */
export function ActivityTable({ series }: { series: DayFigures[] }) {
  return (
    <details className="chart-table">
      <summary>Show as table</summary>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Stamps and new customers per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Stamps</th>
              <th scope="col">New customers</th>
            </tr>
          </thead>
          <tbody>
            {series.map((row) => (
              <tr key={row.date}>
                <th scope="row">{dayLabel(row.date)}</th>
                <td>{row.stamps}</td>
                <td>{row.customers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
