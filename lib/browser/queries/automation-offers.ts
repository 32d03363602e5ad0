"use client";

import { useQuery } from "@tanstack/react-query";
import { calls } from "@/contract/browser-calls";
import { listAll } from "./all-pages";

/** The active win-back offers of a business, for the win-back automation's voucher. */
export function useWinBackOffers(businessId: string) {
  return useQuery({
    queryKey: ["offer-list", "win_back", businessId],
    queryFn: async () =>
      (await listAll(calls.offerList, { business_id: Number(businessId) })).filter(
        (offer) => offer.active && offer.trigger === "win_back",
      ),
    enabled: !!businessId,
  });
}
