import { HowToUse } from "@/components/dashboard/how-to-use/how-to-use";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("how-to-use");

export default function HowToUsePage() {
  return <HowToUse />;
}
