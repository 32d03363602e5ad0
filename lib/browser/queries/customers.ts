"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { Segment } from "@/contract/customers";
import { refreshDashboard } from "./dashboard";
import { refetchAfterWrite } from "./after-write";

export const customerKeys = {
  list: ["customer-list"] as const,
  detail: (serial: string) => ["customer-detail", serial] as const,
  segmentCount: ["segment-count"] as const,
};

/** The directory, page after page (keyset: each page asks for the rows after the previous one). */
export function useCustomers(filters: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: [...customerKeys.list, filters],
    queryFn: async ({ pageParam }) =>
      (await callApi(calls.customerList, { query: { ...filters, cursor: pageParam } })).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(serial: string | null) {
  return useQuery({
    queryKey: customerKeys.detail(serial ?? ""),
    queryFn: async () => (await callApi(calls.customerDetail, { query: { serial: serial! } })).data,
    enabled: serial !== null,
  });
}

/** How many card holders a segment reaches (the message form shows it before sending). */
export function useSegmentCount(businessId: string, segment: Segment, days: string, enabled = true, level = "") {
  return useQuery({
    queryKey: [...customerKeys.segmentCount, businessId, segment, days, level],
    queryFn: async () =>
      (
        await callApi(calls.segmentCount, {
          query: { business_id: businessId, segment, days: days || undefined, level: level || undefined },
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) => callApi(calls.customerDelete, { body: { serial } }),
    onSuccess: () =>
      Promise.all([
        refetchAfterWrite(client, customerKeys.list),
        refetchAfterWrite(client, customerKeys.segmentCount),
        refreshDashboard(client),
      ]),
  });
}

/** referral-review: approve or reject a held referral bonus; both cards' pages and balances refresh. */
export function useReviewReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (review: { id: number; approve: boolean }) =>
      await callApi(calls.referralReview, { body: review }),
    onSuccess: () =>
      Promise.all([
        refetchAfterWrite(client, ["customer-detail"]),
        refetchAfterWrite(client, customerKeys.list),
        refreshDashboard(client),
      ]),
  });
}
