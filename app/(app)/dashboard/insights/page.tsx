import { OwnerOnly } from "@/components/dashboard/owner-only";
import { InsightsSection } from "@/components/dashboard/insights/insights-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("insights");

export default function InsightsPage() {
  return (
    <OwnerOnly>
      <InsightsSection />
    </OwnerOnly>
  );
}
