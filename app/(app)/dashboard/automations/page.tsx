import { AutomationsSection } from "@/components/dashboard/automations/automations-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("automations");

export default function AutomationsPage() {
  return (
    <OwnerOnly>
      <AutomationsSection />
    </OwnerOnly>
  );
}
