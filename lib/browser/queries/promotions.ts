"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { PromotionAddBody } from "@/contract/promotions";
import { refetchAfterWrite } from "./after-write";

/** A reward's happy hours. */
export const promotionKeys = { of: (rewardId: number) => ["promotion-list", rewardId] as const };

export function usePromotionList(rewardId: number) {
  return useQuery({
    queryKey: promotionKeys.of(rewardId),
    queryFn: async () => (await callApi(calls.promotionList, { query: { reward_id: rewardId } })).data.items,
  });
}

export function useAddPromotion(rewardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PromotionAddBody) => await callApi(calls.promotionAdd, { body }),
    onSuccess: () => refetchAfterWrite(client, promotionKeys.of(rewardId)),
  });
}

export function useDeletePromotion(rewardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.promotionDelete, { body: { id } }),
    onSuccess: () => refetchAfterWrite(client, promotionKeys.of(rewardId)),
  });
}
