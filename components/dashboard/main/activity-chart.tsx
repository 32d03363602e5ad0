"use client";

import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { useFormatter, useTranslations } from "next-intl";
import { useLayoutEffect, useRef, useState } from "react";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import type { DayFigures } from "@/contract/dashboard";
import { useDayLabel } from "./day-label";

const HEIGHT = 260;
const MARGIN = { top: 8, right: 8, bottom: 28, left: 36 };
const BARS = "#4f46e5";
const LINE = "#1b7f4b";

/** The width the chart has, followed as the screen turns or the menu opens. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Stamps (bars) and new customers (line) per day over 30 days, drawn as SVG with d3's scales and
 * line (a few kB, where a full chart library was 110 kB of the main dashboard's first load).
 * Nothing moves (reduced motion needs nothing more); each bar names its day and figure on hover;
 * ActivityTable beside it gives the same figures as a table, so the drawing is one image.
 */
export default function ActivityChart({ series }: { series: DayFigures[] }) {
  const t = useTranslations("dashboard.chart");
  const words = useOwnerWords();
  const label = useDayLabel();
  const format = useFormatter();
  const [ref, width] = useWidth();
  const x = scaleBand<string>()
    .domain(series.map((day) => day.date))
    .range([MARGIN.left, Math.max(MARGIN.left, width - MARGIN.right)])
    .padding(0.2);
  const top = Math.max(1, ...series.flatMap((day) => [day.stamps, day.customers]));
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const ticks = y.ticks(5).filter(Number.isInteger);
  const middle = (date: string) => (x(date) ?? 0) + x.bandwidth() / 2;
  const customers =
    line<DayFigures>()
      .x((day) => middle(day.date))
      .y((day) => y(day.customers))(series) ?? "";
  // About one day label per 70 px, so they never overlap.
  const every = Math.max(1, Math.ceil(series.length / Math.max(1, Math.floor(width / 70))));
  return (
    <div className="activity-chart">
      <div ref={ref}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={words("chartCaption")}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="#d1d5db"
                  strokeDasharray="3 3"
                />
                <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill="currentColor">
                  {format.number(tick)}
                </text>
              </g>
            ))}
            {series.map((day) => (
              <rect
                key={day.date}
                x={x(day.date)}
                y={y(day.stamps)}
                width={x.bandwidth()}
                height={y(0) - y(day.stamps)}
                fill={BARS}
              >
                <title>{`${label(day.date)}: ${words("chartSeries")} ${format.number(day.stamps)}, ${t("newCustomers")} ${format.number(day.customers)}`}</title>
              </rect>
            ))}
            <path d={customers} fill="none" stroke={LINE} strokeWidth={2} />
            {series
              .filter((_, i) => i % every === 0)
              .map((day) => (
                <text
                  key={day.date}
                  x={middle(day.date)}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  fontSize={12}
                  fill="currentColor"
                >
                  {label(day.date)}
                </text>
              ))}
          </svg>
        )}
      </div>
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="chart-key" style={{ background: BARS }} />
          {words("chartSeries")}
        </li>
        <li>
          <span className="chart-key chart-key-line" style={{ background: LINE }} />
          {t("newCustomers")}
        </li>
      </ul>
    </div>
  );
}
