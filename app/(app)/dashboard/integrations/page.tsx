import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntegrationsPage } from "@/components/dashboard/integrations/integrations-page";
import { OwnerOnly } from "@/components/dashboard/owner-only";

/**
 * A route folder of its own beside `[type]` (a static segment wins over the dynamic one): the same
 * signed-in layout and menu, owners only.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard.titles");
  return { title: t("integrations"), robots: { index: false } };
}

export default function IntegrationsRoute() {
  return (
    <OwnerOnly>
      <IntegrationsPage />
    </OwnerOnly>
  );
}
