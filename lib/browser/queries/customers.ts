"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { calls } from "@/contract/calls";
import type { CustomerDetail, CustomerList, ReferralBonusEntry, Segment, SegmentCount } from "@/contract/customers";
import { refreshDashboard } from "./dashboard";

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
      (await apiCall<CustomerList>(calls.customerList, { search: { ...filters, cursor: pageParam } })).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(serial: string | null) {
  return useQuery({
    queryKey: customerKeys.detail(serial ?? ""),
    queryFn: async () => (await apiCall<CustomerDetail>(calls.customerDetail, { search: { serial: serial! } })).data,
    enabled: serial !== null,
  });
}

/** How many card holders a segment reaches (the message form shows it before sending). */
export function useSegmentCount(businessId: string, segment: Segment, days: string, enabled = true) {
  return useQuery({
    queryKey: [...customerKeys.segmentCount, businessId, segment, days],
    queryFn: async () =>
      (
        await apiCall<SegmentCount>(calls.segmentCount, {
          search: { business_id: businessId, segment, days: days || undefined },
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
    mutationFn: (serial: string) => apiCall(calls.customerDelete, { body: { serial } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: customerKeys.list }),
        client.invalidateQueries({ queryKey: customerKeys.segmentCount }),
        refreshDashboard(client),
      ]),
  });
}

/** referral-review: approve or reject a held referral bonus; both cards' pages and balances refresh. */
export function useReviewReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: { id: number; approve: boolean }) =>
      apiCall<ReferralBonusEntry>(calls.referralReview, { body: review }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["customer-detail"] }),
        client.invalidateQueries({ queryKey: customerKeys.list }),
        refreshDashboard(client),
      ]),
  });
}
