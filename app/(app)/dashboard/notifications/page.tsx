import { NotificationsSection } from "@/components/dashboard/notifications/notifications-section";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("notifications");

// Staff see its push settings only (the owner's notifications on their device).
export default function NotificationsPage() {
  return (
    <PageMessages page="/dashboard/notifications">
      <NotificationsSection />
    </PageMessages>
  );
}
