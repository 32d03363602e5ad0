"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { ReachSettingsSaveBody } from "@/contract/reach-settings";

export const reachSettingsKeys = { get: ["reach-settings-get"] as const };

/** A business's mail switches and weekly cap (the defaults until the owner saves them). */
export function useReachSettings(businessId: string) {
  return useQuery({
    queryKey: [...reachSettingsKeys.get, businessId],
    queryFn: async () => (await callApi(calls.reachSettingsGet, { query: { business_id: businessId } })).data,
    enabled: !!businessId,
  });
}

export function useSaveReachSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReachSettingsSaveBody) => await callApi(calls.reachSettingsSave, { body }),
    onSuccess: (result) =>
      client.setQueryData([...reachSettingsKeys.get, String(result.data.business_id)], result.data),
  });
}
