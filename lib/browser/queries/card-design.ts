"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { calls } from "@/contract/calls";
import type { CardDesign } from "@/contract/card-design";

const designKey = (businessId: number) => ["card-design", businessId] as const;

export function useCardDesign(businessId: number | null) {
  return useQuery({
    queryKey: designKey(businessId ?? 0),
    queryFn: async () =>
      (await apiCall<CardDesign>(calls.cardDesignGet, { search: { business_id: businessId ?? 0 } })).data,
    enabled: businessId !== null,
  });
}

/** card-design-update as multipart (the strip file goes with the fields). */
export function useSaveCardDesign(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiCall<CardDesign>(calls.cardDesignUpdate, { body: form }),
    onSuccess: (result) => client.setQueryData(designKey(businessId), result.data),
  });
}
