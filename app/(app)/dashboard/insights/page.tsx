import { OwnerOnly } from "@/components/dashboard/owner-only";
import { InsightsSection } from "@/components/dashboard/insights/insights-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("insights");

export default function InsightsPage() {
  return (
    <PageMessages page="/dashboard/insights">
      <OwnerOnly>
        <InsightsSection />
      </OwnerOnly>
    </PageMessages>
  );
}
