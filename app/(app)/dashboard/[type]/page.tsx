import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AddressSection } from "@/components/dashboard/address/address-section";
import { BusinessSection } from "@/components/dashboard/business/business-section";
import { AutomationsSection } from "@/components/dashboard/automations/automations-section";
import { CouponSection } from "@/components/dashboard/coupon/coupon-section";
import { CustomersSection } from "@/components/dashboard/customers/customers-section";
import { PlansSection } from "@/components/dashboard/plans/plans-section";
import { HowToUse } from "@/components/dashboard/how-to-use/how-to-use";
import { DashboardMain } from "@/components/dashboard/main/dashboard-main";
import { NotificationsSection } from "@/components/dashboard/notifications/notifications-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { ProductCategorySection } from "@/components/dashboard/product-category/product-category-section";
import { ProfileSettings } from "@/components/dashboard/profile-settings";
import { QrCodeSection } from "@/components/dashboard/qr-codes/qr-code-section";
import { RewardsSection } from "@/components/dashboard/rewards/rewards-section";
import { MyScansSection } from "@/components/dashboard/scans/my-scans-section";
import { StaffSection } from "@/components/dashboard/staff/staff-section";
import { DASHBOARD_HOME, isDashboardType, type DashboardType } from "@/lib/routes";

/** What each section renders (its title is dashboard.titles.<type>). Owner sections are closed to staff. */
const SECTIONS: Record<DashboardType, { render: () => ReactNode }> = {
  main: { render: () => <DashboardMain /> },
  business: { render: () => <OwnerOnly>{<BusinessSection />}</OwnerOnly> },
  "my-qr-code": { render: () => <OwnerOnly>{<QrCodeSection />}</OwnerOnly> },
  "my-scans": { render: () => <MyScansSection /> },
  customers: { render: () => <CustomersSection /> },
  automations: { render: () => <OwnerOnly>{<AutomationsSection />}</OwnerOnly> },
  rewards: { render: () => <OwnerOnly>{<RewardsSection />}</OwnerOnly> },
  address: { render: () => <OwnerOnly>{<AddressSection />}</OwnerOnly> },
  // Staff see its push settings only (the owner's notifications on their device, issue 16).
  notifications: { render: () => <NotificationsSection /> },
  "product-category": {
    render: () => <OwnerOnly>{<ProductCategorySection />}</OwnerOnly>,
  },
  profile: { render: () => <ProfileSettings /> },
  "my-staff": { render: () => <OwnerOnly>{<StaffSection />}</OwnerOnly> },
  "how-to-use": { render: () => <HowToUse /> },
  plans: { render: () => <OwnerOnly>{<PlansSection />}</OwnerOnly> },
  coupon: { render: () => <OwnerOnly>{<CouponSection />}</OwnerOnly> },
};

type Props = { params: Promise<{ type: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { type } = await params;
  const t = await getTranslations("dashboard.titles");
  return { title: t(isDashboardType(type) ? type : "main"), robots: { index: false } };
}

export default async function DashboardPage({ params }: Props) {
  const { type } = await params;
  // An unknown section (an old link, a typo) lands on the main dashboard.
  if (!isDashboardType(type)) redirect(DASHBOARD_HOME);
  return SECTIONS[type].render();
}
