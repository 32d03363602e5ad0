import { AddressSection } from "@/components/dashboard/address/address-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("address");

export default function AddressPage() {
  return (
    <OwnerOnly>
      <AddressSection />
    </OwnerOnly>
  );
}
