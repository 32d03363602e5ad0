import type { Metadata } from "next";
import { AccountSummary } from "@/components/dashboard/account-summary";

export const metadata: Metadata = { title: "Subscription", robots: { index: false } };

export default function SubscriptionPage() {
  return <AccountSummary heading="subscription" />;
}
