import { OwnerOnly } from "@/components/dashboard/owner-only";
import { PlansSection } from "@/components/dashboard/plans/plans-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("plans");

export default function PlansPage() {
  return (
    <PageMessages page="/dashboard/plans">
      <OwnerOnly>
        <PlansSection />
      </OwnerOnly>
    </PageMessages>
  );
}
