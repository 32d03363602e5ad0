import type { Metadata } from "next";
import { IntegrationsPage } from "@/components/dashboard/integrations/integrations-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";

/**
 * A route folder of its own beside `[type]` (a static segment wins over the dynamic one): the same
 * signed-in layout and menu, owners only.
 */
export const metadata: Metadata = { title: "Integrations", robots: { index: false } };

export default function IntegrationsRoute() {
  return (
    <OwnerOnly>
      <IntegrationsPage />
    </OwnerOnly>
  );
}
