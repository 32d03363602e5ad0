import { DashboardMain } from "@/components/dashboard/main/dashboard-main";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("main");

export default function MainPage() {
  return (
    <PageMessages page="/dashboard/main">
      <DashboardMain />
    </PageMessages>
  );
}
