import { CardDesignPage } from "@/components/dashboard/card-design/card-design-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("card-design");

export default function CardDesignRoute() {
  return (
    <OwnerOnly>
      <CardDesignPage />
    </OwnerOnly>
  );
}
