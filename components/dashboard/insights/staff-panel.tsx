"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import type { AnalyticsStaff } from "@/contract/analytics";
import type { Period } from "@/lib/browser/queries/insights";
import { useStaffAlertUpdate, useStaffEarns } from "@/lib/browser/queries/staff-alerts";
import { downloadCsv } from "./csv";
import { PercentForm } from "./percent-form";
import "@/components/ui/data-table.css";

type Row = AnalyticsStaff["staff"][number];

/**
 * Earns by staff member matched to till payments, with the owner's alert threshold: the table and
 * the threshold only where a till is connected (without one there is nothing to match against).
 */
export function StaffPanel({ businessId, period }: { businessId: string; period: Period }) {
  const t = useTranslations("insightsStaff");
  const format = useFormatter();
  const staff = useStaffEarns(businessId, period);
  const headingId = useId();
  if (staff.isPending) return <Skeleton label={t("loading")} rows={1} />;
  if (staff.isError) return <ErrorState what={t("what")} error={staff.error} onRetry={() => staff.refetch()} />;
  const data: AnalyticsStaff = staff.data;
  const pct = (share: number) => format.number(share, { style: "percent", maximumFractionDigits: 0 });
  const threshold = data.alert_percent === null ? null : pct(data.alert_percent / 100);
  const alertText = (row: Row) => {
    if (threshold === null) return t("alertOff");
    if (row.alert) return t("alertYes", { percent: threshold });
    if (row.earns < data.alert_min_earns) return t("tooFew");
    return t("alertNo");
  };
  const header = [t("staff"), t("earns"), t("matched"), t("unmatched"), t("share"), t("alert")];
  return (
    <section className="card insights-panel staff-panel" aria-labelledby={headingId}>
      <div className="row-between">
        <h2 id={headingId}>{t("title")}</h2>
        {data.till && data.staff.length > 0 && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              downloadCsv(`staff-${data.from}-${data.to}.csv`, [
                header,
                ...data.staff.map((row) => [
                  row.name,
                  row.earns,
                  row.matched ?? "",
                  row.unmatched ?? "",
                  row.unmatched_share?.toFixed(4) ?? "",
                  alertText(row),
                ]),
              ])
            }
          >
            {t("downloadCsv")}
          </button>
        )}
      </div>
      {!data.till ? (
        <p className="muted">{t("noTill")}</p>
      ) : (
        <>
          <p className="muted small">{t("explain")}</p>
          <AlertThreshold
            key={`${businessId}-${data.alert_percent}`}
            businessId={businessId}
            percent={data.alert_percent}
            minEarns={data.alert_min_earns}
          />
          {data.staff.length === 0 ? (
            <p className="muted">{t("empty")}</p>
          ) : (
            <div
              className="table-scroll"
              role="region"
              aria-label={t("caption", { from: data.from, to: data.to })}
              tabIndex={0}
            >
              <table className="scan-table insights-table">
                <caption>{t("caption", { from: data.from, to: data.to })}</caption>
                <thead>
                  <tr>
                    {header.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.staff.map((row) => (
                    <tr key={row.user_id} data-alert={row.alert || undefined}>
                      <th scope="row">{row.name}</th>
                      <td>{format.number(row.earns)}</td>
                      <td>{row.matched === null ? "" : format.number(row.matched)}</td>
                      <td>{row.unmatched === null ? "" : format.number(row.unmatched)}</td>
                      <td>{row.unmatched_share === null ? "" : pct(row.unmatched_share)}</td>
                      <td>
                        {row.alert ? <strong className="badge badge-warning">{alertText(row)}</strong> : alertText(row)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function AlertThreshold({
  businessId,
  percent,
  minEarns,
}: {
  businessId: string;
  percent: number | null;
  minEarns: number;
}) {
  const t = useTranslations("insightsStaff");
  const update = useStaffAlertUpdate();
  return (
    <PercentForm
      initial={percent === null ? "" : String(percent)}
      min={1}
      max={100}
      label={t("threshold.label")}
      explain={t("threshold.explain", { min: minEarns })}
      submit={t("threshold.save")}
      busy={update.isPending}
      save={(value) => update.mutateAsync({ business_id: businessId, percent: value })}
    />
  );
}
