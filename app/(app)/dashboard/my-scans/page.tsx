import { MyScansSection } from "@/components/dashboard/scans/my-scans-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("my-scans");

export default function MyScansPage() {
  return (
    <PageMessages page="/dashboard/my-scans">
      <MyScansSection />
    </PageMessages>
  );
}
