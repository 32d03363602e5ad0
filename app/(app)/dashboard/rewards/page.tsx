import { OwnerOnly } from "@/components/dashboard/owner-only";
import { RewardsSection } from "@/components/dashboard/rewards/rewards-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("rewards");

export default function RewardsPage() {
  return (
    <PageMessages page="/dashboard/rewards">
      <OwnerOnly>
        <RewardsSection />
      </OwnerOnly>
    </PageMessages>
  );
}
