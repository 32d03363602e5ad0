import type { Metadata } from "next";
import { redirect } from "next/navigation";
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

/** Each section: its title and what it renders. Owner sections are closed to staff. */
const SECTIONS: Record<DashboardType, { title: string; render: () => ReactNode }> = {
  main: { title: "Dashboard", render: () => <DashboardMain /> },
  business: { title: "Businesses", render: () => <OwnerOnly>{<BusinessSection />}</OwnerOnly> },
  "my-qr-code": { title: "My QR codes", render: () => <OwnerOnly>{<QrCodeSection />}</OwnerOnly> },
  "my-scans": { title: "My scans", render: () => <MyScansSection /> },
  customers: { title: "Customers", render: () => <CustomersSection /> },
  automations: { title: "Automations", render: () => <OwnerOnly>{<AutomationsSection />}</OwnerOnly> },
  rewards: { title: "Rewards", render: () => <OwnerOnly>{<RewardsSection />}</OwnerOnly> },
  address: { title: "Addresses", render: () => <OwnerOnly>{<AddressSection />}</OwnerOnly> },
  // Staff see its push settings only (the owner's notifications on their device, issue 16).
  notifications: { title: "Notifications", render: () => <NotificationsSection /> },
  "product-category": {
    title: "Product categories",
    render: () => <OwnerOnly>{<ProductCategorySection />}</OwnerOnly>,
  },
  profile: { title: "Profile", render: () => <ProfileSettings /> },
  "my-staff": { title: "My staff", render: () => <OwnerOnly>{<StaffSection />}</OwnerOnly> },
  "how-to-use": { title: "How to use", render: () => <HowToUse /> },
  plans: { title: "Subscription plan", render: () => <OwnerOnly>{<PlansSection />}</OwnerOnly> },
  coupon: { title: "Coupons", render: () => <OwnerOnly>{<CouponSection />}</OwnerOnly> },
};

type Props = { params: Promise<{ type: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { type } = await params;
  return { title: isDashboardType(type) ? SECTIONS[type].title : "Dashboard", robots: { index: false } };
}

export default async function DashboardPage({ params }: Props) {
  const { type } = await params;
  // An unknown section (an old link, a typo) lands on the main dashboard.
  if (!isDashboardType(type)) redirect(DASHBOARD_HOME);
  return SECTIONS[type].render();
}
