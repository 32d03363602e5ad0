"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { Address, addAddressBody } from "@/contract/address";
import type * as z from "zod";
import { listAll } from "./all-pages";
import { businessKeys } from "./businesses";
import { refreshDashboard } from "./dashboard";
import { refetchAfterWrite } from "./after-write";

export const addressKeys = { all: ["address-list"] as const };

/** One page of addresses, of one business when `businessId` is set. */
export function useAddresses(page: number, businessId?: number) {
  return useQuery({
    queryKey: [...addressKeys.all, { page, businessId }],
    queryFn: async () => (await callApi(calls.addressList, { query: { page, business_id: businessId } })).data,
    placeholderData: keepPreviousData,
  });
}

/** Every location of one business, for the QR code form's select (all pages, not only the first). */
export function useAddressOptions(businessId: number | undefined) {
  return useQuery({
    queryKey: [...addressKeys.all, "options", businessId],
    queryFn: () => listAll<Address>(calls.addressList, { business_id: businessId }),
    enabled: !!businessId,
  });
}

function useRefreshAfterAddressChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      refetchAfterWrite(client, addressKeys.all),
      // Each business shows how many locations it has.
      refetchAfterWrite(client, businessKeys.all),
      refreshDashboard(client),
    ]);
}

export type AddressInput = z.input<typeof addAddressBody>;

export function useSaveAddress() {
  const refresh = useRefreshAfterAddressChange();
  return useMutation({
    mutationFn: async (body: AddressInput) => await callApi(calls.addAddress, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteAddress() {
  const refresh = useRefreshAfterAddressChange();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.deleteAddress, { body: { id } }),
    onSuccess: refresh,
  });
}
