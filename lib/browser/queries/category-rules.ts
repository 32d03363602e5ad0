"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { CategoryRuleSaveBody } from "@/contract/category-rules";
import type { Reward } from "@/contract/rewards";
import { listAll } from "./all-pages";
import { loyaltyKeys } from "./loyalty";
import { refetchAfterWrite } from "./after-write";

/** The owner's earning rules by product category (owners edit them; staff split a purchase by them). */
export const categoryRuleKeys = { all: ["category-rule-list"] as const };

export function useCategoryRules() {
  return useQuery({
    queryKey: categoryRuleKeys.all,
    queryFn: async () => (await callApi(calls.categoryRuleList)).data.items,
  });
}

export function useSaveCategoryRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CategoryRuleSaveBody) => await callApi(calls.categoryRuleSave, { body }),
    onSuccess: () => refetchAfterWrite(client, categoryRuleKeys.all),
  });
}

export function useDeleteCategoryRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.categoryRuleDelete, { body: { id } }),
    onSuccess: () => refetchAfterWrite(client, categoryRuleKeys.all),
  });
}

/** Every programme of the owner (all pages), for choosing the one a rule is for. */
export function useRuleProgrammes() {
  return useQuery({
    queryKey: [...loyaltyKeys.rewards, "all"],
    queryFn: () => listAll<Reward>(calls.rewardList),
  });
}
