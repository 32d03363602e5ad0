import { IntegrationsPage } from "@/components/dashboard/integrations/integrations-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";

export const generateMetadata = () => sectionMetadata("integrations");

export default function IntegrationsRoute() {
  return (
    <OwnerOnly>
      <IntegrationsPage />
    </OwnerOnly>
  );
}
