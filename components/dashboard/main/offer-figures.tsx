"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { webKind } from "@/components/kinds";
import { useProgrammeWords } from "@/components/kinds/use-programme-words";
import type { DashboardDetails } from "@/contract/dashboard";

type Figures = Pick<DashboardDetails, "promotion_extra" | "level_customers" | "multipass_visits">;

/** One figure's table: its caption names it, the first cell of a row is the row's header. */
function FigureTable({
  testId,
  caption,
  heads,
  rows,
}: {
  testId: string;
  caption: string;
  heads: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <div className="table-wrap">
      <table className="table offer-figure" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What the owner's offers did: happy hours' extra earn (each in its programme's unit, as its kind
 * says it), customers per level, prepaid visits sold and used. A table shows only where the owner
 * has the thing; nothing at all without any.
 */
export function OfferFigures({ details }: { details: Figures }) {
  const t = useTranslations("offerFigures");
  const format = useFormatter();
  const words = useProgrammeWords();
  const { promotion_extra: extra, level_customers: levels, multipass_visits: visits } = details;
  if (extra.length + levels.length + visits.length === 0) return null;
  return (
    <section className="card offer-figures" aria-labelledby="offer-figures-title">
      <h2 id="offer-figures-title">{t("title")}</h2>
      {extra.length > 0 && (
        <FigureTable
          testId="figures-happy-hours"
          caption={t("extra.caption")}
          heads={[t("business"), t("extra.earned")]}
          rows={extra.map((row) => ({
            key: `${row.business_id}-${row.unit}`,
            cells: [row.business_name, webKind(row.unit).amountText(row.extra, row.currency, words)],
          }))}
        />
      )}
      {levels.length > 0 && (
        <FigureTable
          testId="figures-levels"
          caption={t("levels.caption")}
          heads={[t("business"), t("levels.level"), t("levels.customers")]}
          rows={levels.map((row) => ({
            key: `${row.reward_id}-${row.level}`,
            cells: [row.business_name, row.level, format.number(row.customers)],
          }))}
        />
      )}
      {visits.length > 0 && (
        <FigureTable
          testId="figures-visits"
          caption={t("visits.caption")}
          heads={[t("business"), t("visits.sold"), t("visits.used")]}
          rows={visits.map((row) => ({
            key: String(row.business_id),
            cells: [row.business_name, format.number(row.sold), format.number(row.used)],
          }))}
        />
      )}
    </section>
  );
}
