"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import type { AutomationSaveBody } from "@/contract/automations";
import { calls } from "@/contract/browser-calls";
import { refetchAfterWrite } from "./after-write";

export const automationKeys = { list: ["automation-list"] as const, log: ["automation-log"] as const };

export function useAutomations(businessId: string) {
  return useQuery({
    queryKey: [...automationKeys.list, businessId],
    queryFn: async () => (await callApi(calls.automationList, { query: { business_id: businessId } })).data,
    enabled: !!businessId,
  });
}

export function useSaveAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AutomationSaveBody) => await callApi(calls.automationSave, { body }),
    onSuccess: () => refetchAfterWrite(client, automationKeys.list),
  });
}

export function useAutomationLog(page: number) {
  return useQuery({
    queryKey: [...automationKeys.log, page],
    queryFn: async () => (await callApi(calls.automationLog, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}
