"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { ProductCategoryAddBody } from "@/contract/product-category";
import { categoryRuleKeys } from "./category-rules";
import { refreshDashboard } from "./dashboard";
import { refetchAfterWrite } from "./after-write";

export const productCategoryKeys = { all: ["product-category-list"] as const };

export function useProductCategories(page: number) {
  return useQuery({
    queryKey: [...productCategoryKeys.all, page],
    queryFn: async () => (await callApi(calls.productCategoryList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  // A deleted category takes its earning rules with it.
  return () =>
    Promise.all([
      refetchAfterWrite(client, productCategoryKeys.all),
      refetchAfterWrite(client, categoryRuleKeys.all),
      refreshDashboard(client),
    ]);
}

export function useSaveProductCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: ProductCategoryAddBody) => await callApi(calls.productCategoryAdd, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteProductCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.productCategoryDelete, { body: { id } }),
    onSuccess: refresh,
  });
}
