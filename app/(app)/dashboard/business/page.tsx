import { BusinessSection } from "@/components/dashboard/business/business-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("business");

export default function BusinessPage() {
  return (
    <OwnerOnly>
      <BusinessSection />
    </OwnerOnly>
  );
}
