import { OwnerOnly } from "@/components/dashboard/owner-only";
import { PlansSection } from "@/components/dashboard/plans/plans-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("plans");

export default function PlansPage() {
  return (
    <OwnerOnly>
      <PlansSection />
    </OwnerOnly>
  );
}
