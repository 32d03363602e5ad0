"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import type { Envelope } from "@/contract/envelope";
import type { Automation, AutomationLogEntry, AutomationSaveBody } from "@/contract/automations";
import { calls } from "@/contract/calls";
import type { Paginated } from "@/contract/pagination";

export const automationKeys = { list: ["automation-list"] as const, log: ["automation-log"] as const };

export function useAutomations(businessId: string) {
  return useQuery({
    queryKey: [...automationKeys.list, businessId],
    queryFn: async () =>
      ((await callApi(calls.automationList, { query: { business_id: businessId } })) as Envelope<Automation[]>).data,
    enabled: !!businessId,
  });
}

export function useSaveAutomation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AutomationSaveBody) =>
      (await callApi(calls.automationSave, { body })) as Envelope<Automation>,
    onSuccess: () => client.invalidateQueries({ queryKey: automationKeys.list }),
  });
}

export function useAutomationLog(page: number) {
  return useQuery({
    queryKey: [...automationKeys.log, page],
    queryFn: async () =>
      ((await callApi(calls.automationLog, { query: { page } })) as Envelope<Paginated<AutomationLogEntry>>).data,
    placeholderData: keepPreviousData,
  });
}
