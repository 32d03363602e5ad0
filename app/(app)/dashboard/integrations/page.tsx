import { IntegrationsPage } from "@/components/dashboard/integrations/integrations-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";
import { sectionMetadata } from "../section-metadata";
import { PageMessages } from "@/app/page-messages";

export const generateMetadata = () => sectionMetadata("integrations");

export default function IntegrationsRoute() {
  return (
    <PageMessages page="/dashboard/integrations">
      <OwnerOnly>
        <IntegrationsPage />
      </OwnerOnly>
    </PageMessages>
  );
}
