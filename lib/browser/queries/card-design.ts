"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";

const designKey = (businessId: number) => ["card-design", businessId] as const;

export function useCardDesign(businessId: number | null) {
  return useQuery({
    queryKey: designKey(businessId ?? 0),
    queryFn: async () => (await callApi(calls.cardDesignGet, { query: { business_id: businessId ?? 0 } })).data,
    enabled: businessId !== null,
  });
}

/** card-design-update as multipart (the strip file goes with the fields). */
export function useSaveCardDesign(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => await callApi(calls.cardDesignUpdate, { body: form }),
    onSuccess: (result) => client.setQueryData(designKey(businessId), result.data),
  });
}
