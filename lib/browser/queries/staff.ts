"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import type { AcceptInviteBody, AddStaffBody } from "@/contract/staff";
import { refreshDashboard } from "./dashboard";
import { refetchAfterWrite } from "./after-write";

export const staffKeys = { all: ["staff-list"] as const, invite: (token: string) => ["staff-invite", token] as const };

export function useStaff(page: number) {
  return useQuery({
    queryKey: [...staffKeys.all, page],
    queryFn: async () => (await callApi(calls.staffList, { query: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([refetchAfterWrite(client, staffKeys.all), refreshDashboard(client)]);
}

export function useAddStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: AddStaffBody) => await callApi(calls.addStaff, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => callApi(calls.deleteStaff, { body: { id } }),
    onSuccess: refresh,
  });
}

/** The invite page's details; an expired, used or unknown link is an error with its message. */
export function useStaffInvite(token: string) {
  return useQuery({
    queryKey: staffKeys.invite(token),
    queryFn: async () => (await callApi(calls.staffInvite, { query: { token } })).data,
    retry: false,
  });
}

export const acceptInvite = async (body: AcceptInviteBody) => await callApi(calls.acceptInvite, { body });
