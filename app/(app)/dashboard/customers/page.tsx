import { CustomersSection } from "@/components/dashboard/customers/customers-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("customers");

export default function CustomersPage() {
  return <CustomersSection />;
}
