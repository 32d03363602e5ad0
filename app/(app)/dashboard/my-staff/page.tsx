import { OwnerOnly } from "@/components/dashboard/owner-only";
import { StaffSection } from "@/components/dashboard/staff/staff-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("my-staff");

export default function MyStaffPage() {
  return (
    <PageMessages page="/dashboard/my-staff">
      <OwnerOnly>
        <StaffSection />
      </OwnerOnly>
    </PageMessages>
  );
}
