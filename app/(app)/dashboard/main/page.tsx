import { DashboardMain } from "@/components/dashboard/main/dashboard-main";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("main");

export default function MainPage() {
  return <DashboardMain />;
}
