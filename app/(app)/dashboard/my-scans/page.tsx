import { MyScansSection } from "@/components/dashboard/scans/my-scans-section";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("my-scans");

export default function MyScansPage() {
  return <MyScansSection />;
}
