"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { NotificationAddBody } from "@/contract/notifications";
import { refetchAfterWrite } from "./after-write";

export const notificationKeys = {
  feed: ["notification-list"] as const,
  sent: ["message-list"] as const,
  smsEstimate: ["sms-estimate"] as const,
};

export function useNotifications(page: number) {
  return useQuery({
    queryKey: [...notificationKeys.feed, page],
    queryFn: async () => (await callApi(calls.notificationList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

/** The menu's unread badge: one row is enough to get the count; refreshed every minute. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationKeys.feed, "unread"],
    queryFn: async () => (await callApi(calls.notificationList, { query: { per_page: 1 } })).data.unread_count,
    enabled,
    refetchInterval: 60_000,
  });
}

/** Marks the whole feed read; the list keeps showing which entries were new until it reloads. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calls.notificationRead),
    onSuccess: () => client.setQueryData([...notificationKeys.feed, "unread"], 0),
  });
}

export function useClearNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calls.notificationClear),
    onSuccess: () => refetchAfterWrite(client, notificationKeys.feed),
  });
}

export function useSentMessages(page: number) {
  return useQuery({
    queryKey: [...notificationKeys.sent, page],
    queryFn: async () => (await callApi(calls.messageList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationAddBody) => await callApi(calls.notificationAdd, { body }),
    onSuccess: () =>
      Promise.all([
        refetchAfterWrite(client, notificationKeys.sent),
        refetchAfterWrite(client, notificationKeys.feed),
        // A send uses the month's SMS allowance: the next estimate asks again.
        refetchAfterWrite(client, notificationKeys.smsEstimate),
      ]),
  });
}
