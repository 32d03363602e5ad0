"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { z } from "zod";
import type { OfferAddBody, offerSendBody, voucherIssueBody, voucherRedeemBody } from "@/contract/offers";
import { refetchAfterWrite } from "./after-write";

export const offerKeys = {
  all: ["offer-list"] as const,
  card: (serial: string) => ["card-vouchers", serial] as const,
};

/** The owner's offers of one business (or all), a page at a time, newest first. */
export function useOffers(page: number, businessId: number | null) {
  return useQuery({
    queryKey: [...offerKeys.all, businessId, page],
    queryFn: async () =>
      (await callApi(calls.offerList, { query: { page, ...(businessId && { business_id: businessId }) } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAddOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: OfferAddBody) => await callApi(calls.offerAdd, { body }),
    onSuccess: () => refetchAfterWrite(client, offerKeys.all),
  });
}

export function useRetireOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.offerDelete, { body: { id } }),
    onSuccess: () => refetchAfterWrite(client, offerKeys.all),
  });
}

export function useSendOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof offerSendBody>) => await callApi(calls.offerSend, { body }),
    onSuccess: () => refetchAfterWrite(client, offerKeys.all),
  });
}

/** At the scanner: a card's unused vouchers and the manual offers its business may issue. */
export function useCardVouchers(serial: string) {
  return useQuery({
    queryKey: offerKeys.card(serial),
    queryFn: async () => (await callApi(calls.cardVouchers, { query: { serial } })).data,
  });
}

export function useRedeemVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof voucherRedeemBody>) => await callApi(calls.voucherRedeem, { body }),
    onSuccess: () =>
      Promise.all([
        refetchAfterWrite(client, ["card-vouchers"]),
        refetchAfterWrite(client, ["card-history"]),
        refetchAfterWrite(client, offerKeys.all),
      ]),
  });
}

export function useIssueVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof voucherIssueBody>) => await callApi(calls.voucherIssue, { body }),
    onSuccess: () =>
      Promise.all([refetchAfterWrite(client, ["card-vouchers"]), refetchAfterWrite(client, offerKeys.all)]),
  });
}
