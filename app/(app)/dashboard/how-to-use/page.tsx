import { HowToUse } from "@/components/dashboard/how-to-use/how-to-use";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("how-to-use");

export default function HowToUsePage() {
  return (
    <PageMessages page="/dashboard/how-to-use">
      <HowToUse />
    </PageMessages>
  );
}
