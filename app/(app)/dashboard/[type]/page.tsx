import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountSummary } from "@/components/dashboard/account-summary";
import { ProfileSettings } from "@/components/dashboard/profile-settings";
import { DASHBOARD_TYPES, type DashboardType } from "@/lib/routes";

const TITLES: Record<DashboardType, string> = { main: "Dashboard", profile: "Profile" };

type Props = { params: Promise<{ type: string }> };

const isType = (type: string): type is DashboardType => (DASHBOARD_TYPES as readonly string[]).includes(type);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { type } = await params;
  return { title: isType(type) ? TITLES[type] : "Dashboard", robots: { index: false } };
}

export default async function DashboardPage({ params }: Props) {
  const { type } = await params;
  if (!isType(type)) redirect("/");
  return type === "profile" ? <ProfileSettings /> : <AccountSummary heading="dashboard" />;
}
