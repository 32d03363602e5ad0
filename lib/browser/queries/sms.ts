"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDebounce } from "use-debounce";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { segmentTakesDays, type Segment } from "@/contract/customers";
import { smsEstimateBody } from "@/contract/sms";
import { notificationKeys } from "./notifications";

/** How long the message form waits for typing to pause before it asks for a new SMS estimate. */
export const SMS_ESTIMATE_DEBOUNCE_MS = 400;

/** What the send form holds: the fields sms-estimate takes, as the form's text. */
export type SmsEstimateInput = { businessId: string; segment: string; days: string; level: string; body: string };

/**
 * What an SMS of this text to this segment would take (sms-estimate), asked once typing pauses;
 * not asked while the fields are not a valid request (no business yet, an empty message).
 */
export function useSmsEstimate(input: SmsEstimateInput, enabled: boolean) {
  const segment = (input.segment || "all") as Segment;
  // Debounced as one string: a new object each render would restart the wait every time.
  const [settled] = useDebounce(
    JSON.stringify({
      business_id: input.businessId,
      segment,
      days: segmentTakesDays(segment) ? input.days : undefined,
      level: segment === "level" ? input.level : undefined,
      body: input.body,
    }),
    SMS_ESTIMATE_DEBOUNCE_MS,
  );
  const body = smsEstimateBody.safeParse(JSON.parse(settled));
  const query = useQuery({
    queryKey: [...notificationKeys.smsEstimate, settled],
    queryFn: async () => (await callApi(calls.smsEstimate, { body: body.data! })).data,
    enabled: enabled && body.success,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...query, ready: body.success };
}
