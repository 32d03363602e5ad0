import { CardDesignPage } from "@/components/dashboard/card-design/card-design-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("card-design");

export default function CardDesignRoute() {
  return (
    <PageMessages page="/dashboard/card-design">
      <OwnerOnly>
        <CardDesignPage />
      </OwnerOnly>
    </PageMessages>
  );
}
