import { AutomationsSection } from "@/components/dashboard/automations/automations-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("automations");

export default function AutomationsPage() {
  return (
    <PageMessages page="/dashboard/automations">
      <OwnerOnly>
        <AutomationsSection />
      </OwnerOnly>
    </PageMessages>
  );
}
