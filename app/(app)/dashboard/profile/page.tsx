import { ProfileSettings } from "@/components/dashboard/profile-settings";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("profile");

export default function ProfilePage() {
  return <ProfileSettings />;
}
