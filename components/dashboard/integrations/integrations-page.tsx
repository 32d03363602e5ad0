"use client";

import { useTranslations } from "next-intl";
import { ApiKeys } from "./api-keys";
import { PlanGateProvider } from "./shared";
import { TillConnections } from "./till-connections";
import { Webhooks } from "./webhooks";

/** The Integrations page: the till, API keys and webhook endpoints. */
export function IntegrationsPage() {
  const t = useTranslations("dashboardMore.integrations");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <PlanGateProvider>
        <TillConnections />
        <ApiKeys />
        <Webhooks />
      </PlanGateProvider>
    </>
  );
}
