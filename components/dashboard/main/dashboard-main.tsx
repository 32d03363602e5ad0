"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { IntentLink } from "@/components/ui/intent-link";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { DashboardDetails, DayFigures } from "@/contract/dashboard";
import { useDashboardDetails } from "@/lib/browser/queries/dashboard";
import { useProfile } from "@/lib/browser/queries/user";
import { moneyShort } from "../rewards/reward-summary";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import { webKind, type KindFigure } from "@/components/kinds";
import { ActivityTable } from "./activity-table";
import { OfferFigures } from "./offer-figures";

function ActivityTitle() {
  const words = useOwnerWords();
  return <h2 id="activity-title">{words("chartTitle")}</h2>;
}
import "./dashboard-main.css";

// The chart library is fetched only here, not by any other dashboard page.
const ActivityChart = dynamic(() => import("./activity-chart"), {
  ssr: false,
  loading: () => <ChartSkeleton />,
});

function ChartSkeleton() {
  const t = useTranslations("dashboard.main");
  return <Skeleton rows={1} height="260px" label={t("loadingChart")} />;
}

/**
 * The chart, drawn when its place comes into view. On a phone it is below the figures, and
 * drawing it as the page started (its code, 30 bars and their labels) was two long tasks of a
 * phone's main thread; a wide screen shows it at once, as before.
 */
function ChartInView({ series }: { series: DayFigures[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);
  // Until then its place is kept (the chart's height), and nothing is said to be loading.
  return <div ref={ref}>{inView ? <ActivityChart series={series} /> : <div className="chart-place" />}</div>;
}

/** The plain counts; the points, cashback and referral figures (cashback owed is money) are PROGRAMME_KPIS. */
type Figure = Exclude<keyof DashboardDetails, "series" | "programmes" | ProgrammeFigure>;

/** The KPI tiles, in order: the loyalty figures first, then what the owner manages (labels: dashboard.main.kpi). */
const KPIS: { key: Figure; href: string; ownerOnly?: boolean }[] = [
  { key: "qr_codes", href: "/dashboard/my-qr-code", ownerOnly: true },
  { key: "customers", href: "/dashboard/my-scans" },
  { key: "stamps_today", href: "/dashboard/my-scans" },
  { key: "stamps_30_days", href: "/dashboard/my-scans" },
  { key: "rewards_redeemed", href: "/dashboard/my-scans" },
  { key: "businesses", href: "/dashboard/business", ownerOnly: true },
  { key: "locations", href: "/dashboard/address", ownerOnly: true },
  { key: "staff", href: "/dashboard/my-staff", ownerOnly: true },
  { key: "product_categories", href: "/dashboard/product-category", ownerOnly: true },
];

/** The programme figures. Cashback owed is money the cards may spend, one amount per currency. */
type Owed = DashboardDetails["cashback_owed"];
type ProgrammeFigure = KindFigure | "referrals";

function figureText(value: number | Owed, format: ReturnType<typeof useFormatter>): string {
  if (typeof value === "number") return format.number(value);
  if (value.length === 0) return "0";
  return value.map((owed) => moneyShort(format, owed.amount, owed.currency)).join(" + ");
}

type Tile = { key: Figure | ProgrammeFigure; text: string; href?: string; ownerOnly?: boolean };

function KpiGrid({ details, owner }: { details: DashboardDetails; owner: boolean }) {
  const t = useTranslations("dashboard.main");
  const format = useFormatter();
  const words = useOwnerWords();
  // Each kind the owner runs brings its figures; referrals count in every kind.
  const figures: ProgrammeFigure[] = [...details.programmes.flatMap((kind) => webKind(kind).figures), "referrals"];
  const programme: Tile[] = figures.map((key) => ({ key, text: figureText(details[key], format) }));
  // The voucher figures only where the owner has offers.
  const voucherTiles: Tile[] = (["vouchers_issued", "vouchers_redeemed"] as const).flatMap((key) => {
    const value = details[key];
    return value === null ? [] : [{ key, text: format.number(value) }];
  });
  const standard: Tile[] = KPIS.map((kpi) => ({ ...kpi, text: String(details[kpi.key]) }));
  // A visit is a stamp, a purchase, or either, as the owner's programmes are.
  const label = (key: Tile["key"]) =>
    key === "stamps_today" ? words("kpiToday") : key === "stamps_30_days" ? words("kpi30") : t(`kpi.${key}`);
  // The programme figures follow the loyalty ones (up to rewards redeemed), before what the owner manages.
  const split = standard.findIndex((tile) => tile.key === "rewards_redeemed") + 1;
  const tiles = [...standard.slice(0, split), ...programme, ...voucherTiles, ...standard.slice(split)];
  return (
    <ul className="kpi-grid" aria-label={t("keyFigures")}>
      {tiles.map((kpi) => (
        <li key={kpi.key} className="kpi">
          <span className="kpi-value" data-testid={`kpi-${kpi.key}`}>
            {kpi.text}
          </span>
          <span className="kpi-label">{label(kpi.key)}</span>
          {owner && kpi.ownerOnly && kpi.href && (
            <IntentLink href={kpi.href} className="kpi-link">
              {t("manage")}
              <span className="visually-hidden"> {label(kpi.key).toLowerCase()}</span>
            </IntentLink>
          )}
        </li>
      ))}
    </ul>
  );
}

export function DashboardMain() {
  const profile = useProfile();
  const details = useDashboardDetails();
  const owner = profile.data?.role === "owner";
  const t = useTranslations("dashboard.main");
  const guide = (chunks: ReactNode) => <Link href="/dashboard/how-to-use">{chunks}</Link>;
  return (
    <>
      <h1 className="page-title">{profile.data ? t("welcome", { name: profile.data.name }) : t("title")}</h1>
      {details.isPending ? (
        <Skeleton rows={1} height="7rem" label={t("loadingFigures")} />
      ) : details.isError ? (
        <ErrorState what={t("whatFigures")} error={details.error} onRetry={() => details.refetch()} />
      ) : (
        <>
          <KpiGrid details={details.data} owner={owner} />
          <OfferFigures details={details.data} />
          <section className="card" aria-labelledby="activity-title">
            <ActivityTitle />
            <ChartInView series={details.data.series} />
            <ActivityTable series={details.data.series} />
          </section>
          {owner && details.data.businesses === 0 && (
            <EmptyState
              title={t("startTitle")}
              action={
                <Link className="btn btn-primary" href="/dashboard/business">
                  {t("addBusiness")}
                </Link>
              }
            >
              {t.rich("startText", { guide })}
            </EmptyState>
          )}
          {!owner && profile.data && <p className="muted">{t.rich("teamText", { guide })}</p>}
        </>
      )}
    </>
  );
}
