import { OwnerOnly } from "@/components/dashboard/owner-only";
import { RewardsSection } from "@/components/dashboard/rewards/rewards-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("rewards");

export default function RewardsPage() {
  return (
    <OwnerOnly>
      <RewardsSection />
    </OwnerOnly>
  );
}
