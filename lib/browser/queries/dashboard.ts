"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { signedInKeys } from "@/lib/api/signed-in-queries";
import { refetchAfterWrite } from "./after-write";

export const dashboardKeys = { details: signedInKeys.dashboardDetails };

export function useDashboardDetails() {
  return useQuery({
    queryKey: dashboardKeys.details,
    queryFn: async () => (await callApi(calls.dashboardDetails)).data,
  });
}

/** After any add or delete elsewhere the KPIs are stale (every change refreshes the dashboard details). */
export const refreshDashboard = (client: QueryClient) => refetchAfterWrite(client, dashboardKeys.details);
