"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@/lib/api-client";
import { calls } from "@/lib/contract/calls";
import { MAX_PER_PAGE, type Paginated } from "@/lib/contract/pagination";
import type { GenerateQrBody, QrCode, QrCodeDetail } from "@/lib/contract/qr-codes";
import type { AddRewardBody, Reward } from "@/lib/contract/rewards";
import type { ScanPage } from "@/lib/contract/scans";
import type { ScanResult } from "@/lib/contract/wallet";
import { refreshDashboard } from "./dashboard";

export const loyaltyKeys = {
  rewards: ["reward-list"] as const,
  qrCodes: ["list-qrcode"] as const,
  qrCode: (id: number) => ["single-qr-code", id] as const,
  scans: ["scan-list"] as const,
};

export function useRewards(page: number) {
  return useQuery({
    queryKey: [...loyaltyKeys.rewards, page],
    queryFn: async () => (await apiCall<Paginated<Reward>>(calls.rewardList, { search: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The rewards of one business, for the QR code form's select. */
export function useRewardOptions(businessId: number | undefined) {
  return useQuery({
    queryKey: [...loyaltyKeys.rewards, "options", businessId],
    queryFn: async () =>
      (
        await apiCall<Paginated<Reward>>(calls.rewardList, {
          search: { business_id: businessId, per_page: MAX_PER_PAGE },
        })
      ).data.items,
    enabled: !!businessId,
  });
}

function useRefresh(...keys: (readonly string[])[]) {
  const client = useQueryClient();
  return () =>
    Promise.all([...keys.map((queryKey) => client.invalidateQueries({ queryKey })), refreshDashboard(client)]);
}

export function useSaveReward() {
  // QR codes show their reward's title.
  const refresh = useRefresh(loyaltyKeys.rewards, loyaltyKeys.qrCodes);
  return useMutation({
    mutationFn: (body: AddRewardBody) => apiCall<Reward>(calls.addReward, { body }),
    onSuccess: refresh,
  });
}

export function useRemoveReward() {
  const refresh = useRefresh(loyaltyKeys.rewards, loyaltyKeys.qrCodes);
  return useMutation({
    mutationFn: (id: number) => apiCall(calls.removeReward, { body: { id } }),
    onSuccess: refresh,
  });
}

export function useQrCodes(page: number) {
  return useQuery({
    queryKey: [...loyaltyKeys.qrCodes, page],
    queryFn: async () => (await apiCall<Paginated<QrCode>>(calls.listQrcode, { search: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useQrCode(id: number | null) {
  return useQuery({
    queryKey: loyaltyKeys.qrCode(id ?? 0),
    queryFn: async () => (await apiCall<QrCodeDetail>(calls.singleQrCode, { search: { id: id! } })).data,
    enabled: id !== null,
  });
}

export function useGenerateQr() {
  const refresh = useRefresh(loyaltyKeys.qrCodes, loyaltyKeys.rewards);
  return useMutation({
    mutationFn: (body: GenerateQrBody) => apiCall<QrCode>(calls.generateQr, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteQr() {
  const refresh = useRefresh(loyaltyKeys.qrCodes, loyaltyKeys.rewards);
  return useMutation({
    mutationFn: (id: number) => apiCall(calls.deleteQr, { body: { id } }),
    onSuccess: refresh,
  });
}

/** A page of My Scans: the first without a cursor, the next ones after the previous page's `next_cursor`. */
export function useScans(cursor: string | null, filters: Record<string, string>) {
  return useQuery({
    queryKey: [...loyaltyKeys.scans, cursor, filters],
    queryFn: async () =>
      (await apiCall<ScanPage>(calls.scanList, { search: { ...filters, ...(cursor ? { cursor } : {}) } })).data,
    placeholderData: keepPreviousData,
  });
}

/** qr-code-scanner from the dashboard: a card's serial, stamped or redeemed. */
export function useScanCard() {
  const refresh = useRefresh(loyaltyKeys.scans);
  return useMutation({
    mutationFn: (code: string) => apiCall<ScanResult>(calls.qrCodeScanner, { body: { code } }),
    onSuccess: refresh,
  });
}
