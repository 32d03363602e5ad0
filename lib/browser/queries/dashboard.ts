"use client";

import { useQuery, type QueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import type { Envelope } from "@/contract/envelope";
import { calls } from "@/contract/calls";
import type { DashboardDetails } from "@/contract/dashboard";

export const dashboardKeys = { details: ["dashboard-details"] as const };

export function useDashboardDetails() {
  return useQuery({
    queryKey: dashboardKeys.details,
    queryFn: async () => ((await callApi(calls.dashboardDetails)) as Envelope<DashboardDetails>).data,
  });
}

/** After any add or delete elsewhere the KPIs are stale (spec.md §4 "refreshes the dashboard details"). */
export const refreshDashboard = (client: QueryClient) => client.invalidateQueries({ queryKey: dashboardKeys.details });
