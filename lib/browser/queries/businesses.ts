"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { Business } from "@/contract/business";
import { listAll } from "./all-pages";
import { refreshDashboard } from "./dashboard";
import { refetchAfterWrite } from "./after-write";

export const businessKeys = { all: ["business-list"] as const };

export function useBusinesses(page: number) {
  return useQuery({
    queryKey: [...businessKeys.all, page],
    queryFn: async () => (await callApi(calls.businessList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The owner's businesses for a select (all pages: one request for up to 100). */
export function useBusinessOptions() {
  return useQuery({
    queryKey: [...businessKeys.all, "options"],
    queryFn: () => listAll<Business>(calls.businessList),
  });
}

/** Businesses show in address and category lists too: all of them refresh. */
function useRefreshAfterBusinessChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      refetchAfterWrite(client, businessKeys.all),
      refetchAfterWrite(client, ["address-list"]),
      refetchAfterWrite(client, ["product-category-list"]),
      refreshDashboard(client),
    ]);
}

/** add-business as multipart (the logo file goes with the fields); with `id` it edits. */
export function useSaveBusiness() {
  const refresh = useRefreshAfterBusinessChange();
  return useMutation({
    mutationFn: async (form: FormData) => await callApi(calls.addBusiness, { body: form }),
    onSuccess: refresh,
  });
}

export function useDeleteBusiness() {
  const refresh = useRefreshAfterBusinessChange();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.deleteBusiness, { body: { id } }),
    onSuccess: refresh,
  });
}
