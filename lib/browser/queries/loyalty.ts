"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, callUrl } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { MAX_PER_PAGE } from "@/contract/page-size";
import type { GenerateQrBody, QrCode, QrMode } from "@/contract/qr-codes";
import type { CardAdjustBody, CardRedeemBody, CardTopupBody, StaffSettings } from "@/contract/cards";
import type { AddRewardBody, Reward } from "@/contract/rewards";
import { listAll } from "./all-pages";
import { refreshDashboard } from "./dashboard";
import { refetchAfterWrite } from "./after-write";

export const loyaltyKeys = {
  rewards: ["reward-list"] as const,
  qrCodes: ["list-qrcode"] as const,
  qrCode: (id: number) => ["single-qr-code", id] as const,
  scans: ["scan-list"] as const,
  expiryPreview: ["reward-expiry-preview"] as const,
};

export function useRewards(page: number) {
  return useQuery({
    queryKey: [...loyaltyKeys.rewards, page],
    queryFn: async () => (await callApi(calls.rewardList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The rewards of one business, for the QR code form's select (all pages). */
export function useRewardOptions(businessId: number | undefined) {
  return useQuery({
    queryKey: [...loyaltyKeys.rewards, "options", businessId],
    queryFn: () => listAll<Reward>(calls.rewardList, { business_id: businessId }),
    enabled: !!businessId,
  });
}

function useRefresh(...keys: (readonly string[])[]) {
  const client = useQueryClient();
  return () => Promise.all([...keys.map((queryKey) => refetchAfterWrite(client, queryKey)), refreshDashboard(client)]);
}

export function useSaveReward() {
  // QR codes show their reward's title.
  const refresh = useRefresh(loyaltyKeys.rewards, loyaltyKeys.qrCodes, loyaltyKeys.expiryPreview);
  return useMutation({
    mutationFn: async (body: AddRewardBody) => await callApi(calls.addReward, { body }),
    onSuccess: refresh,
  });
}

export function useRemoveReward() {
  const refresh = useRefresh(loyaltyKeys.rewards, loyaltyKeys.qrCodes);
  return useMutation({
    mutationFn: (id: number) => callApi(calls.removeReward, { body: { id } }),
    onSuccess: refresh,
  });
}

export function useQrCodes(page: number) {
  return useQuery({
    queryKey: [...loyaltyKeys.qrCodes, page],
    queryFn: async () => (await callApi(calls.listQrcode, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useQrCode(id: number | null) {
  return useQuery({
    queryKey: loyaltyKeys.qrCode(id ?? 0),
    queryFn: async () => (await callApi(calls.singleQrCode, { query: { id: id! } })).data,
    enabled: id !== null,
  });
}

export function useGenerateQr() {
  const refresh = useRefresh(loyaltyKeys.qrCodes, loyaltyKeys.rewards);
  return useMutation({
    mutationFn: async (body: GenerateQrBody) => await callApi(calls.generateQr, { body }),
    onSuccess: refresh,
  });
}

/** qr-mode-update and qr-regenerate: the list and that code's renderings change. */
function useQrChange<V>(call: (vars: V) => Promise<{ message: string; data: QrCode }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) =>
      Promise.all([
        refetchAfterWrite(client, loyaltyKeys.qrCodes),
        refetchAfterWrite(client, loyaltyKeys.qrCode(result.data.id)),
      ]),
  });
}

export const useQrMode = () =>
  useQrChange(async (body: { qr_id: number; mode: QrMode }) => await callApi(calls.qrModeUpdate, { body }));

export const useRegenerateQr = () =>
  useQrChange(async (qrId: number) => await callApi(calls.qrRegenerate, { body: { qr_id: qrId } }));

export function useDeleteQr() {
  const refresh = useRefresh(loyaltyKeys.qrCodes, loyaltyKeys.rewards);
  return useMutation({
    mutationFn: (id: number) => callApi(calls.deleteQr, { body: { id } }),
    onSuccess: refresh,
  });
}

/** A page of My Scans: the first without a cursor, the next ones after the previous page's `next_cursor`. */
export function useScans(cursor: string | null, filters: Record<string, string>) {
  return useQuery({
    queryKey: [...loyaltyKeys.scans, cursor, filters],
    queryFn: async () => (await callApi(calls.scanList, { query: { ...filters, ...(cursor ? { cursor } : {}) } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the scans My Scans shows (its filters), to download. */
export const scanExportUrl = (filters: Record<string, string>) => callUrl(calls.scanExport, { query: filters });

/**
 * qr-code-scanner from the dashboard: a card's serial, stamped or redeemed; on a points or
 * cashback programme it earns on the purchase `amount` (a stamp programme ignores it).
 */
/** A staff scan: `key` is its Idempotency-Key, made once per scan (the offline queue resends with it). */
export const sendScan = async ({
  code,
  amount,
  lines,
  key,
}: {
  code: string;
  amount?: string;
  lines?: { product_category_id: number; amount: string }[];
  key: string;
}) =>
  await callApi(calls.qrCodeScanner, {
    body: { code, ...(amount ? { amount } : {}), ...(amount && lines?.length ? { lines } : {}) },
    headers: { "idempotency-key": key },
  });

export function useScanCard() {
  const refresh = useRefresh(loyaltyKeys.scans);
  return useMutation({ mutationFn: sendScan, onSuccess: refresh });
}

/** What to refresh once queued scans have been answered (the scans list, the dashboard figures). */
export const useRefreshScans = () => useRefresh(loyaltyKeys.scans);

/** card-redeem: a points option, or cashback money off; the card's views change. */
export function useRedeemCard() {
  const client = useQueryClient();
  const refresh = useRefresh(loyaltyKeys.scans);
  return useMutation({
    mutationFn: async (body: CardRedeemBody) => await callApi(calls.cardRedeem, { body }),
    onSuccess: () => Promise.all([refresh(), refetchAfterWrite(client, ["card-history"])]),
  });
}

/** card-history: a card and one page of its history (the card's detail in My Scans). */
export function useCardHistory(serial: string | null, page: number) {
  return useQuery({
    queryKey: ["card-history", serial, page],
    queryFn: async () => (await callApi(calls.cardHistory, { query: { serial: serial!, page } })).data,
    enabled: serial !== null,
    placeholderData: keepPreviousData,
  });
}

/** card-adjust: the card's detail, its history and the scans list change. */
export function useAdjustCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CardAdjustBody) => await callApi(calls.cardAdjust, { body }),
    onSuccess: () =>
      Promise.all([refetchAfterWrite(client, ["card-history"]), refetchAfterWrite(client, loyaltyKeys.scans)]),
  });
}

/** card-topup: visits sold for a pass, once per sale (its Idempotency-Key, made when the form is sent). */
export function useTopUpCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, ...body }: CardTopupBody & { key: string }) =>
      await callApi(calls.cardTopup, { body, headers: { "idempotency-key": key } }),
    onSuccess: () =>
      Promise.all([refetchAfterWrite(client, ["card-history"]), refetchAfterWrite(client, loyaltyKeys.scans)]),
  });
}

export function useStaffSettings() {
  return useQuery({
    queryKey: ["staff-settings"],
    queryFn: async () => (await callApi(calls.staffSettings)).data,
  });
}

export function useSaveStaffSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffSettings) => await callApi(calls.staffSettingsUpdate, { body }),
    onSuccess: () => refetchAfterWrite(client, ["staff-settings"]),
  });
}

const deviceKey = (qrId: number) => ["counter-device-list", qrId] as const;

/** A QR code's device links (its counter screen's tablets). */
export function useCounterDevices(qrId: number) {
  return useQuery({
    queryKey: deviceKey(qrId),
    queryFn: async () =>
      (
        await callApi(calls.counterDeviceList, {
          query: { qr_id: qrId, per_page: MAX_PER_PAGE },
        })
      ).data,
  });
}

export function useAddCounterDevice(qrId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => await callApi(calls.counterDeviceAdd, { body: { qr_id: qrId, name } }),
    onSuccess: () => refetchAfterWrite(client, deviceKey(qrId)),
  });
}

export function useRevokeCounterDevice(qrId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => await callApi(calls.counterDeviceRevoke, { body: { id } }),
    onSuccess: () => refetchAfterWrite(client, deviceKey(qrId)),
  });
}
