import { ProfileSettings } from "@/components/dashboard/profile-settings";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("profile");

export default function ProfilePage() {
  return (
    <PageMessages page="/dashboard/profile">
      <ProfileSettings />
    </PageMessages>
  );
}
