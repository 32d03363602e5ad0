import { OwnerOnly } from "@/components/dashboard/owner-only";
import { StaffSection } from "@/components/dashboard/staff/staff-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("my-staff");

export default function MyStaffPage() {
  return (
    <OwnerOnly>
      <StaffSection />
    </OwnerOnly>
  );
}
