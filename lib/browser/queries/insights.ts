"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { refetchAfterWrite } from "./after-write";

export const insightKeys = {
  summary: ["analytics-summary"] as const,
  cohorts: ["analytics-cohorts"] as const,
  rfm: ["analytics-rfm"] as const,
  lift: ["analytics-lift"] as const,
};

export type Period = { from: string; to: string };

export function useSummary(businessId: string, period: Period) {
  return useQuery({
    queryKey: [...insightKeys.summary, businessId, period.from, period.to],
    queryFn: async () =>
      (await callApi(calls.analyticsSummary, { query: { business_id: businessId, ...period } })).data,
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
}

export function useLift(businessId: string, period: Period) {
  return useQuery({
    queryKey: [...insightKeys.lift, businessId, period.from, period.to],
    queryFn: async () => (await callApi(calls.analyticsLift, { query: { business_id: businessId, ...period } })).data,
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
}

export function useCohorts(businessId: string, months = 6) {
  return useQuery({
    queryKey: [...insightKeys.cohorts, businessId, months],
    queryFn: async () => (await callApi(calls.analyticsCohorts, { query: { business_id: businessId, months } })).data,
    enabled: !!businessId,
  });
}

export function useRfm(businessId: string) {
  return useQuery({
    queryKey: [...insightKeys.rfm, businessId],
    queryFn: async () => (await callApi(calls.analyticsRfm, { query: { business_id: businessId } })).data,
    enabled: !!businessId,
  });
}

export function useControlGroupUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { business_id: string; percent: string }) =>
      await callApi(calls.controlGroupUpdate, { body }),
    onSuccess: () => refetchAfterWrite(client, insightKeys.lift),
  });
}
