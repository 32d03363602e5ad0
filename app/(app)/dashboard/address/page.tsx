import { AddressSection } from "@/components/dashboard/address/address-section";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("address");

export default function AddressPage() {
  return (
    <PageMessages page="/dashboard/address">
      <OwnerOnly>
        <AddressSection />
      </OwnerOnly>
    </PageMessages>
  );
}
