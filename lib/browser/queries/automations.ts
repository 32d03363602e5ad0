"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import type { Automation, AutomationLogEntry, AutomationSaveBody } from "@/contract/automations";
import { calls } from "@/contract/calls";
import type { Paginated } from "@/contract/pagination";

export const automationKeys = { list: ["automation-list"] as const, log: ["automation-log"] as const };

export function useAutomations(businessId: string) {
  return useQuery({
    queryKey: [...automationKeys.list, businessId],
    queryFn: async () =>
      (await apiCall<Automation[]>(calls.automationList, { search: { business_id: businessId } })).data,
    enabled: !!businessId,
  });
}

export function useSaveAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AutomationSaveBody) => apiCall<Automation>(calls.automationSave, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.list }),
  });
}

export function useAutomationLog(page: number) {
  return useQuery({
    queryKey: [...automationKeys.log, page],
    queryFn: async () => (await apiCall<Paginated<AutomationLogEntry>>(calls.automationLog, { search: { page } })).data,
    placeholderData: keepPreviousData,
  });
}
