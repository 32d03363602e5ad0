import { CustomersSection } from "@/components/dashboard/customers/customers-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("customers");

export default function CustomersPage() {
  return (
    <PageMessages page="/dashboard/customers">
      <CustomersSection />
    </PageMessages>
  );
}
