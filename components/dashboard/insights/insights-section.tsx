"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import type { AnalyticsCohorts, AnalyticsLift, AnalyticsSummary } from "@/contract/analytics";
import type { AnalyticsRfm } from "@/contract/rfm";

import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import {
  useCohorts,
  useControlGroupUpdate,
  useLift,
  useRfm,
  useSummary,
  type Period,
} from "@/lib/browser/queries/insights";
import { downloadCsv } from "./csv";
import "@/components/ui/data-table.css";
import { PercentForm } from "./percent-form";
import { StaffPanel } from "./staff-panel";
import "./insights.css";

type Preset = "month" | "30" | "90" | "custom";

const day = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));

/** The period of a preset, in UTC days, today included. */
function presetPeriod(preset: Exclude<Preset, "custom">): Period {
  const today = new Date();
  if (preset === "month") return { from: `${day(today).slice(0, 7)}-01`, to: day(today) };
  return { from: daysAgo(Number(preset) - 1), to: day(today) };
}

export function InsightsSection() {
  const t = useTranslations("insights");
  const businesses = useBusinessOptions();
  const [chosen, setBusinessId] = useState("");
  const [preset, setPreset] = useState<Preset>("30");
  const [custom, setCustom] = useState<Period>(() => presetPeriod("30"));
  const first = businesses.data?.[0]?.id;
  const businessId = chosen || (first === undefined ? "" : String(first));
  const period = preset === "custom" ? custom : presetPeriod(preset);
  const periodOk = preset !== "custom" || (!!custom.from && !!custom.to && custom.from <= custom.to);

  return (
    <div className="insights">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <div className="card insights-controls">
        <SelectField
          name="business_id"
          label={t("business")}
          placeholder={t("chooseBusiness")}
          options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
          value={businessId}
          onChange={(event) => setBusinessId(event.target.value)}
        />
        <SelectField
          name="period"
          label={t("period")}
          placeholder={t("choosePeriod")}
          options={[
            { value: "month", label: t("periods.month") },
            { value: "30", label: t("periods.30") },
            { value: "90", label: t("periods.90") },
            { value: "custom", label: t("periods.custom") },
          ]}
          value={preset}
          onChange={(event) => setPreset(event.target.value as Preset)}
        />
        {preset === "custom" && (
          <>
            <label className="field">
              <span>{t("from")}</span>
              <input
                type="date"
                value={custom.from}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              />
            </label>
            <label className="field">
              <span>{t("to")}</span>
              <input
                type="date"
                value={custom.to}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              />
            </label>
          </>
        )}
      </div>
      {businessId && periodOk && (
        <>
          <Summary businessId={businessId} period={period} />
          <Lift businessId={businessId} period={period} />
          <Cohorts businessId={businessId} />
          <Rfm businessId={businessId} />
          <StaffPanel businessId={businessId} period={period} />
        </>
      )}
    </div>
  );
}

/** A panel with a heading and, when it has rows, a CSV download of its table. */
function Panel({
  title,
  csv,
  children,
}: {
  title: string;
  csv?: { name: string; rows: (string | number)[][] };
  children: ReactNode;
}) {
  const t = useTranslations("insights");
  const headingId = useId();
  return (
    <section className="card insights-panel" aria-labelledby={headingId}>
      <div className="row-between">
        <h2 id={headingId}>{title}</h2>
        {csv && (
          <button type="button" className="btn btn-secondary" onClick={() => downloadCsv(csv.name, csv.rows)}>
            {t("downloadCsv", { what: title })}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

const FIGURES = [
  "visits",
  "active_customers",
  "repeat_rate",
  "average_days_between_visits",
  "redemptions",
  "redemption_rate",
  "reward_cost",
  "outstanding_liability",
  "till_revenue",
  "referral_revenue",
  "lifetime_value",
] as const;
type Figure = (typeof FIGURES)[number];
const RATES = new Set<Figure>(["repeat_rate", "redemption_rate"]);

function Summary({ businessId, period }: { businessId: string; period: Period }) {
  const t = useTranslations("insights");
  const format = useFormatter();
  const summary = useSummary(businessId, period);
  if (summary.isPending) return <Skeleton label={t("loading")} />;
  if (summary.isError) return <ErrorState what={t("what")} error={summary.error} onRetry={() => summary.refetch()} />;
  const data: AnalyticsSummary = summary.data;
  const show = (figure: Figure) => {
    const value = data[figure];
    if (value === null) return t("none");
    if (typeof value === "string")
      return data.currency
        ? format.number(Number(value), { style: "currency", currency: data.currency })
        : format.number(Number(value));
    if (RATES.has(figure)) return format.number(value, { style: "percent", maximumFractionDigits: 1 });
    return format.number(value, { maximumFractionDigits: 1 });
  };
  return (
    <Panel
      title={t("summary")}
      csv={{
        name: `summary-${data.from}-${data.to}.csv`,
        rows: [[t("figure"), t("value")], ...FIGURES.map((f) => [t(`figures.${f}.label`), data[f] ?? ""])],
      }}
    >
      <p className="muted small">{t("periodShown", { from: data.from, to: data.to })}</p>
      <dl className="insights-figures">
        {FIGURES.map((figure) => (
          <div key={figure} className="insights-figure" data-figure={figure}>
            <dt>{t(`figures.${figure}.label`)}</dt>
            <dd className="insights-value">{show(figure)}</dd>
            <dd className="muted small">{t(`figures.${figure}.explain`)}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function Lift({ businessId, period }: { businessId: string; period: Period }) {
  const t = useTranslations("insights");
  const format = useFormatter();
  const lift = useLift(businessId, period);
  if (lift.isPending) return <Skeleton label={t("loading")} rows={1} />;
  if (lift.isError) return <ErrorState what={t("what")} error={lift.error} onRetry={() => lift.refetch()} />;
  const data: AnalyticsLift = lift.data;
  const n = (value: number) => format.number(Math.round(value));
  return (
    <Panel title={t("lift.title")}>
      <p className="insights-lift">
        {data.enough && data.extra_visits
          ? t("lift.statement", {
              visits: n(data.extra_visits.estimate),
              low: n(data.extra_visits.low),
              high: n(data.extra_visits.high),
            })
          : t("lift.tooFew", { reached: data.reached_customers, control: data.control_customers })}
      </p>
      <ControlGroup key={`${businessId}-${data.percent}`} businessId={businessId} percent={data.percent} />
    </Panel>
  );
}

function ControlGroup({ businessId, percent }: { businessId: string; percent: number }) {
  const t = useTranslations("insights");
  const update = useControlGroupUpdate();
  return (
    <PercentForm
      initial={String(percent)}
      min={0}
      max={20}
      label={t("control.label")}
      explain={t("control.explain")}
      submit={t("control.save")}
      busy={update.isPending}
      save={(value) => update.mutateAsync({ business_id: businessId, percent: value })}
    />
  );
}

/** A toggle between a panel's chart and its table. */
function useView() {
  return useState<"chart" | "table">("chart");
}

function ViewToggle({ view, setView }: { view: "chart" | "table"; setView: (view: "chart" | "table") => void }) {
  const t = useTranslations("insights");
  return (
    <div className="insights-toggle" role="group" aria-label={t("view")}>
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={view === "chart"}
        onClick={() => setView("chart")}
      >
        {t("showChart")}
      </button>
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={view === "table"}
        onClick={() => setView("table")}
      >
        {t("showTable")}
      </button>
    </div>
  );
}

function Cohorts({ businessId }: { businessId: string }) {
  const t = useTranslations("insights");
  const format = useFormatter();
  const cohorts = useCohorts(businessId);
  const [view, setView] = useView();
  if (cohorts.isPending) return <Skeleton label={t("loading")} />;
  if (cohorts.isError) return <ErrorState what={t("what")} error={cohorts.error} onRetry={() => cohorts.refetch()} />;
  const data: AnalyticsCohorts = cohorts.data;
  const width = Math.max(0, ...data.cohorts.map((c) => c.returned.length));
  const after = Array.from({ length: width }, (_, i) => i + 1);
  const pct = (share: number) => format.number(share, { style: "percent", maximumFractionDigits: 0 });
  const header = [t("cohorts.month"), t("cohorts.customers"), ...after.map((m) => t("cohorts.after", { months: m }))];
  return (
    <Panel
      title={t("cohorts.title")}
      csv={{
        name: "cohorts.csv",
        rows: [header, ...data.cohorts.map((c) => [c.month, c.customers, ...c.returned.map((s) => s.toFixed(4))])],
      }}
    >
      <p className="muted small">{t("cohorts.explain")}</p>
      <ViewToggle view={view} setView={setView} />
      {view === "chart" ? (
        <div className="insights-heatmap" role="img" aria-label={t("cohorts.chartLabel")} tabIndex={0}>
          {data.cohorts.map((c) => (
            <div key={c.month} className="insights-heatmap-row">
              <span className="insights-heatmap-month">{c.month}</span>
              {c.returned.map((share, i) => (
                <span
                  key={i}
                  className="insights-heatmap-cell"
                  // At most 36 % blue: the dark text stays readable on every cell.
                  style={{ backgroundColor: `rgb(37 99 235 / ${0.06 + 0.3 * share})` }}
                  title={pct(share)}
                >
                  {pct(share)}
                </span>
              ))}
            </div>
          ))}
        </div>
      ) : (
        <div className="table-scroll" role="region" aria-label={t("cohorts.caption")} tabIndex={0}>
          <table className="scan-table insights-table">
            <caption>{t("cohorts.caption")}</caption>
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
              {data.cohorts.map((c) => (
                <tr key={c.month}>
                  <th scope="row">{c.month}</th>
                  <td>{format.number(c.customers)}</td>
                  {after.map((m) => (
                    <td key={m}>{c.returned[m - 1] === undefined ? "" : pct(c.returned[m - 1]!)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function Rfm({ businessId }: { businessId: string }) {
  const t = useTranslations("insights");
  const format = useFormatter();
  const rfm = useRfm(businessId);
  const [view, setView] = useView();
  if (rfm.isPending) return <Skeleton label={t("loading")} />;
  if (rfm.isError) return <ErrorState what={t("what")} error={rfm.error} onRetry={() => rfm.refetch()} />;
  const data: AnalyticsRfm = rfm.data;
  const pct = (share: number) => format.number(share, { style: "percent", maximumFractionDigits: 0 });
  const link = (segment: string, to: "notifications" | "offers") =>
    `/dashboard/${to}?business_id=${businessId}&segment=${encodeURIComponent(`rfm:${segment}`)}`;
  return (
    <Panel
      title={t("rfm.title")}
      csv={{
        name: "segments.csv",
        rows: [
          [t("rfm.segment"), t("rfm.customers"), t("rfm.share")],
          ...data.segments.map((s) => [t(`rfm.names.${s.segment}`), s.customers, s.share.toFixed(4)]),
        ],
      }}
    >
      <p className="muted small">{t("rfm.explain")}</p>
      <ViewToggle view={view} setView={setView} />
      {view === "chart" ? (
        <ul className="insights-bars" aria-label={t("rfm.chartLabel")}>
          {data.segments.map((s) => (
            <li key={s.segment}>
              <span>{t(`rfm.names.${s.segment}`)}</span>
              <span className="insights-bar" style={{ inlineSize: `${Math.max(1, s.share * 100)}%` }} aria-hidden />
              <span>
                {format.number(s.customers)} ({pct(s.share)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="table-scroll" role="region" aria-label={t("rfm.caption")} tabIndex={0}>
          <table className="scan-table insights-table">
            <caption>{t("rfm.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("rfm.segment")}</th>
                <th scope="col">{t("rfm.customers")}</th>
                <th scope="col">{t("rfm.share")}</th>
                <th scope="col">{t("rfm.reach")}</th>
              </tr>
            </thead>
            <tbody>
              {data.segments.map((s) => (
                <tr key={s.segment}>
                  <th scope="row">{t(`rfm.names.${s.segment}`)}</th>
                  <td>{format.number(s.customers)}</td>
                  <td>{pct(s.share)}</td>
                  <td className="insights-links">
                    <a href={link(s.segment, "notifications")}>
                      {t("rfm.message", { segment: t(`rfm.names.${s.segment}`) })}
                    </a>{" "}
                    <a href={link(s.segment, "offers")}>{t("rfm.offer", { segment: t(`rfm.names.${s.segment}`) })}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
