"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebounce } from "use-debounce";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { rewardExpiryPreviewBody } from "@/contract/rewards";
import { loyaltyKeys } from "./loyalty";

// The reward form's own query: it checks the days with the contract's schema, which only this
// form's chunk brings (the other users of loyalty.ts's queries never load it).

/** How long the expiry field waits for typing to pause before it asks for a preview. */
export const EXPIRY_PREVIEW_DEBOUNCE_MS = 400;

/**
 * What setting the reward's expiry to `days` (the field's text) would lapse in the next 30 days
 * (reward-expiry-preview), asked once typing pauses; undefined while the text is not a valid
 * number of days (the form shows that error on save).
 */
export function useExpiryPreview(rewardId: number, days: string) {
  const [settled] = useDebounce(days.trim(), EXPIRY_PREVIEW_DEBOUNCE_MS);
  const body = rewardExpiryPreviewBody.safeParse({ reward_id: rewardId, expire_after_days: settled });
  const query = useQuery({
    queryKey: [...loyaltyKeys.expiryPreview, rewardId, settled],
    queryFn: async () => (await callApi(calls.rewardExpiryPreview, { body: body.data! })).data,
    enabled: body.success,
    placeholderData: keepPreviousData,
  });
  return body.success ? query.data : undefined;
}
