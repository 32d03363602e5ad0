import { OffersSection } from "@/components/dashboard/offers/offers-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("offers");

export default function OffersPage() {
  return (
    <OwnerOnly>
      <OffersSection />
    </OwnerOnly>
  );
}
