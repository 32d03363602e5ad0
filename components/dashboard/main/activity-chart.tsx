"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useTranslations } from "next-intl";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import type { DayFigures } from "@/contract/dashboard";
import { useDayLabel } from "./day-label";

/**
 * Stamps (bars) and new customers (line) per day over 30 days. Loaded only on the main dashboard.
 * Never animated (so nothing moves for those who ask for reduced motion); ActivityTable beside it
 * gives the same figures as a table.
 */
export default function ActivityChart({ series }: { series: DayFigures[] }) {
  const t = useTranslations("dashboard.chart");
  const words = useOwnerWords();
  const label = useDayLabel();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={label} minTickGap={16} fontSize={12} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip labelFormatter={(value) => label(String(value))} />
        <Legend />
        <Bar
          dataKey="stamps"
          name={words("chartSeries")}
          fill="#4f46e5"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          dataKey="customers"
          name={t("newCustomers")}
          stroke="#1b7f4b"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
