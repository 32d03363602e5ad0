"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { RewardOption } from "@/contract/rewards";
import { listAll } from "./all-pages";
import { refetchAfterWrite } from "./after-write";

/** A points reward's catalogue: what its points buy. */
export const rewardOptionKeys = { of: (rewardId: number) => ["reward-option-list", rewardId] as const };

/** Every option of one reward (all pages: the scanner and the form show the whole catalogue). */
export function useRewardOptionList(rewardId: number) {
  return useQuery({
    queryKey: rewardOptionKeys.of(rewardId),
    queryFn: () => listAll<RewardOption>(calls.rewardOptionList, { reward_id: rewardId }),
  });
}

export function useAddRewardOption(rewardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { reward_id: number; title: string; points: number }) =>
      await callApi(calls.rewardOptionAdd, { body }),
    onSuccess: () => refetchAfterWrite(client, rewardOptionKeys.of(rewardId)),
  });
}

export function useDeleteRewardOption(rewardId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.rewardOptionDelete, { body: { id } }),
    onSuccess: () => refetchAfterWrite(client, rewardOptionKeys.of(rewardId)),
  });
}
