import { BusinessSection } from "@/components/dashboard/business/business-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("business");

export default function BusinessPage() {
  return (
    <PageMessages page="/dashboard/business">
      <OwnerOnly>
        <BusinessSection />
      </OwnerOnly>
    </PageMessages>
  );
}
