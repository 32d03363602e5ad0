"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import type { DayFigures } from "@/contract/dashboard";
import { useDayLabel } from "./day-label";

/**
 * The chart's figures as a table, for screen readers and anyone who prefers numbers (WCAG 1.1.1):
 * behind a disclosure, so the chart stays the first thing seen. Its rows are made when it is first
 * opened: a closed disclosure shows none of them, and 30 dated rows were a tenth of the phone's
 * work while the page started.
 */
export function ActivityTable({ series }: { series: DayFigures[] }) {
  const t = useTranslations("dashboard.chart");
  const [opened, setOpened] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // The page arrives drawn, and the browser opens a disclosure itself: one opened before the
  // scripts ran sent its toggle event to no one.
  useLayoutEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  return (
    <details ref={details} className="chart-table" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>{t("showTable")}</summary>
      {opened && <Rows series={series} />}
    </details>
  );
}

function Rows({ series }: { series: DayFigures[] }) {
  const t = useTranslations("dashboard.chart");
  const words = useOwnerWords();
  const dayLabel = useDayLabel();
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{words("chartCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("day")}</th>
            <th scope="col">{words("chartSeries")}</th>
            <th scope="col">{t("newCustomers")}</th>
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
  );
}
