"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { Period } from "./insights";
import { refetchAfterWrite } from "./after-write";

const staffKey = ["analytics-staff"] as const;

/** Each staff member's earns in the period, matched to till payments, with the owner's alert. */
export function useStaffEarns(businessId: string, period: Period) {
  return useQuery({
    queryKey: [...staffKey, businessId, period.from, period.to],
    queryFn: async () => (await callApi(calls.analyticsStaff, { query: { business_id: businessId, ...period } })).data,
    enabled: !!businessId,
    placeholderData: keepPreviousData,
  });
}

/** Saves the owner's alert threshold (an empty field turns alerts off); the staff table reads it again. */
export function useStaffAlertUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { business_id: string; percent: string }) =>
      await callApi(calls.staffAlertUpdate, {
        body: { business_id: body.business_id, percent: body.percent.trim() === "" ? null : body.percent },
      }),
    onSuccess: () => refetchAfterWrite(client, staffKey),
  });
}
