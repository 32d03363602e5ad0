import type { Metadata } from "next";
import { PlanPicker } from "@/components/payment/plan-picker";

export const metadata: Metadata = { title: "Subscription", robots: { index: false } };

export default function SubscriptionPage() {
  return <PlanPicker />;
}
