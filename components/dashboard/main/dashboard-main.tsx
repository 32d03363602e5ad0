"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { DashboardDetails } from "@/lib/contract/dashboard";
import { useDashboardDetails } from "@/lib/queries/dashboard";
import { useProfile } from "@/lib/queries/user";
import { moneyShort } from "../rewards/reward-summary";
import { ActivityTable } from "./activity-table";

// The chart library is fetched only here, not by any other dashboard page.
const ActivityChart = dynamic(() => import("./activity-chart"), {
  ssr: false,
  loading: () => <Skeleton rows={1} height="260px" label="Loading the chart…" />,
});

/** The plain counts; issue 23's programme figures (cashback owed is money) are PROGRAMME_KPIS. */
type Figure = Exclude<keyof DashboardDetails, "series" | ProgrammeFigure>;

/** The KPI tiles, in order: the loyalty figures first, then what the owner manages. */
const KPIS: { key: Figure; label: string; href: string; ownerOnly?: boolean }[] = [
  { key: "qr_codes", label: "QR codes", href: "/dashboard/my-qr-code", ownerOnly: true },
  { key: "customers", label: "Customers", href: "/dashboard/my-scans" },
  { key: "stamps_today", label: "Stamps today", href: "/dashboard/my-scans" },
  { key: "stamps_30_days", label: "Stamps in 30 days", href: "/dashboard/my-scans" },
  { key: "rewards_redeemed", label: "Rewards redeemed", href: "/dashboard/my-scans" },
  { key: "businesses", label: "Businesses", href: "/dashboard/business", ownerOnly: true },
  { key: "locations", label: "Locations", href: "/dashboard/address", ownerOnly: true },
  { key: "staff", label: "Staff", href: "/dashboard/my-staff", ownerOnly: true },
  { key: "product_categories", label: "Product categories", href: "/dashboard/product-category", ownerOnly: true },
];

/** Issue 23's figures. Cashback owed is money the cards may spend, one amount per currency. */
type Owed = DashboardDetails["cashback_owed"];
type ProgrammeFigure = "points_issued" | "points_redeemed" | "cashback_owed" | "referrals";
const PROGRAMME_KPIS: { key: ProgrammeFigure; label: string }[] = [
  { key: "points_issued", label: "Points issued" },
  { key: "points_redeemed", label: "Points redeemed" },
  { key: "cashback_owed", label: "Cashback owed" },
  { key: "referrals", label: "Referrals" },
];

function figureText(value: number | Owed): string {
  if (typeof value === "number") return value.toLocaleString("en");
  if (value.length === 0) return "0";
  return value.map((owed) => moneyShort(owed.amount, owed.currency)).join(" + ");
}

type Tile = { key: string; label: string; text: string; href?: string; ownerOnly?: boolean };

function KpiGrid({ details, owner }: { details: DashboardDetails; owner: boolean }) {
  const programme: Tile[] = PROGRAMME_KPIS.map((kpi) => ({ ...kpi, text: figureText(details[kpi.key]) }));
  const standard: Tile[] = KPIS.map((kpi) => ({ ...kpi, text: String(details[kpi.key]) }));
  // The programme figures follow the loyalty ones (up to rewards redeemed), before what the owner manages.
  const split = standard.findIndex((tile) => tile.key === "rewards_redeemed") + 1;
  const tiles = [...standard.slice(0, split), ...programme, ...standard.slice(split)];
  return (
    <ul className="kpi-grid" aria-label="Key figures">
      {tiles.map((kpi) => (
        <li key={kpi.key} className="kpi">
          <span className="kpi-value" data-testid={`kpi-${kpi.key}`}>
            {kpi.text}
          </span>
          <span className="kpi-label">{kpi.label}</span>
          {owner && kpi.ownerOnly && kpi.href && (
            <Link href={kpi.href} className="kpi-link">
              Manage<span className="visually-hidden"> {kpi.label.toLowerCase()}</span>
            </Link>
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
  return (
    <>
      <h1 className="page-title">{profile.data ? `Welcome back, ${profile.data.name}` : "Dashboard"}</h1>
      {details.isPending ? (
        <Skeleton rows={1} height="7rem" label="Loading your figures…" />
      ) : details.isError ? (
        <ErrorState what="your figures" error={details.error} onRetry={() => details.refetch()} />
      ) : (
        <>
          <KpiGrid details={details.data} owner={owner} />
          <section className="card" aria-labelledby="activity-title">
            <h2 id="activity-title">Stamps and new customers, last 30 days</h2>
            <ActivityChart series={details.data.series} />
            <ActivityTable series={details.data.series} />
          </section>
          {owner && details.data.businesses === 0 && (
            <EmptyState
              title="Start with your business"
              action={
                <Link className="btn btn-primary" href="/dashboard/business">
                  Add your business
                </Link>
              }
            >
              Add your business with its logo, then its locations and staff. The guide in{" "}
              <Link href="/dashboard/how-to-use">How to Use</Link> walks you through it.
            </EmptyState>
          )}
          {!owner && profile.data && (
            <p className="muted">
              These are your team&apos;s figures. <Link href="/dashboard/how-to-use">How to Use</Link> shows how to scan
              a customer&apos;s card and hand out rewards.
            </p>
          )}
        </>
      )}
    </>
  );
}
