"use client";

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import type { ApiKeyAddBody } from "@/contract/api-keys";
import { calls } from "@/contract/browser-calls";
import type { PosProvider } from "@/contract/pos";
import type { WebhookDelivery, WebhookEvent } from "@/contract/webhooks";
import { refetchAfterWrite } from "./after-write";

/** The Integrations page's lists: till connections, API keys, webhook endpoints. */
export const integrationKeys = {
  pos: ["pos-connection-list"] as const,
  apiKeys: ["api-key-list"] as const,
  webhooks: ["webhook-list"] as const,
  deliveries: (endpointId: number) => ["webhook-deliveries", endpointId] as const,
};

/** A mutation that refreshes one list once it is done. */
function useListMutation<In, Out>(key: readonly unknown[], run: (input: In) => Promise<Out>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => refetchAfterWrite(client, key) });
}

export function usePosConnections(page: number) {
  return useQuery({
    queryKey: [...integrationKeys.pos, page],
    queryFn: async () => (await callApi(calls.posConnectionList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

export type PosConnectionAdd = {
  business_id: number;
  provider: PosProvider;
  secret: string;
  /** Square only: the access token its Customers API is read with. */
  access_token?: string;
  enrol_unknown: boolean;
};
/** The enrol setting, and (Square) a new access token or null to remove it. */
export type PosConnectionSettings = { id: number; enrol_unknown?: boolean; access_token?: string | null };
export type NewPosConnection = { id: number; provider: PosProvider; webhook_url: string };

export const useAddPosConnection = () =>
  useListMutation(
    integrationKeys.pos,
    async (body: PosConnectionAdd) => await callApi(calls.posConnectionAdd, { body }),
  );
export const useDeletePosConnection = () =>
  useListMutation(integrationKeys.pos, (id: number) => callApi(calls.posConnectionDelete, { body: { id } }));
export const usePosConnectionSettings = () =>
  useListMutation(integrationKeys.pos, (body: PosConnectionSettings) => callApi(calls.posConnectionSettings, { body }));

export function useApiKeys() {
  return useQuery({
    queryKey: integrationKeys.apiKeys,
    queryFn: async () => (await callApi(calls.apiKeyList)).data,
  });
}
export const useAddApiKey = () =>
  useListMutation(integrationKeys.apiKeys, async (body: ApiKeyAddBody) => await callApi(calls.apiKeyAdd, { body }));
export const useRevokeApiKey = () =>
  useListMutation(integrationKeys.apiKeys, (id: number) => callApi(calls.apiKeyRevoke, { body: { id } }));

export function useWebhooks() {
  return useQuery({
    queryKey: integrationKeys.webhooks,
    queryFn: async () => (await callApi(calls.webhookList)).data,
  });
}
/** How often an endpoint's log is read again while one of its deliveries has an attempt under way. */
export const DELIVERY_POLL_MS = 1500;
/** A retry due within this long is waited for on the page; a later one shows at the next visit. */
const DELIVERY_WATCH_MS = 60_000;

/**
 * Whether a delivery will change soon: pending, and its attempt queued (a test event, a "send
 * again") or its retry due within a minute. Retries hours away do not keep the page polling.
 */
export function attemptUnderWay(delivery: WebhookDelivery, now = Date.now()) {
  if (delivery.status !== "pending") return false;
  return delivery.next_attempt_at === null || Date.parse(delivery.next_attempt_at) - now <= DELIVERY_WATCH_MS;
}

/** An endpoint's delivery log, read again every DELIVERY_POLL_MS until no attempt is under way. */
export const webhookDeliveriesQuery = (endpointId: number, page: number) =>
  queryOptions({
    queryKey: [...integrationKeys.deliveries(endpointId), page],
    queryFn: async () =>
      (
        await callApi(calls.webhookDeliveries, {
          query: { endpoint_id: endpointId, page },
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => attemptUnderWay(delivery)) ? DELIVERY_POLL_MS : false,
  });

export const useWebhookDeliveries = (endpointId: number, page: number) =>
  useQuery(webhookDeliveriesQuery(endpointId, page));
export const useAddWebhook = () =>
  useListMutation(
    integrationKeys.webhooks,
    async (body: { url: string; events: WebhookEvent[] }) => await callApi(calls.webhookAdd, { body }),
  );
export const useDeleteWebhook = () =>
  useListMutation(integrationKeys.webhooks, (id: number) => callApi(calls.webhookDelete, { body: { id } }));
export const useRotateWebhookSecret = () =>
  useListMutation(
    integrationKeys.webhooks,
    async (id: number) => await callApi(calls.webhookRotateSecret, { body: { id } }),
  );
/** "Send a test event" (endpoint id) and "send again" (delivery id) both refresh that endpoint's log. */
export const useTestWebhook = (endpointId: number) =>
  useListMutation(
    integrationKeys.deliveries(endpointId),
    async (id: number) => await callApi(calls.webhookTest, { body: { id } }),
  );
export const useRedeliverWebhook = (endpointId: number) =>
  useListMutation(
    integrationKeys.deliveries(endpointId),
    async (id: number) => await callApi(calls.webhookRedeliver, { body: { id } }),
  );
