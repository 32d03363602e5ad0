import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { DashboardSection } from "@/lib/routes";

/**
 * A dashboard section's page title (dashboard.titles.<section>, in the owner's language); the
 * dashboard is never indexed. Each section is a route folder of its own beside this file.
 */
export async function sectionMetadata(section: DashboardSection): Promise<Metadata> {
  const t = await getTranslations("dashboard.titles");
  return { title: t(section), robots: { index: false } };
}
