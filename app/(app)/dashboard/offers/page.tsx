import { OffersSection } from "@/components/dashboard/offers/offers-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("offers");

export default function OffersPage() {
  return (
    <PageMessages page="/dashboard/offers">
      <OwnerOnly>
        <OffersSection />
      </OwnerOnly>
    </PageMessages>
  );
}
