"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@/lib/browser/api-client";
import { calls } from "@/contract/calls";
import type { Paginated } from "@/contract/pagination";
import type { AcceptInviteBody, AddStaffBody, AddStaffResult, StaffInvite, StaffMember } from "@/contract/staff";
import { refreshDashboard } from "./dashboard";

export const staffKeys = { all: ["staff-list"] as const, invite: (token: string) => ["staff-invite", token] as const };

export function useStaff(page: number) {
  return useQuery({
    queryKey: [...staffKeys.all, page],
    queryFn: async () => (await apiCall<Paginated<StaffMember>>(calls.staffList, { search: { page } })).data,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: staffKeys.all }), refreshDashboard(client)]);
}

export function useAddStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddStaffBody) => apiCall<AddStaffResult>(calls.addStaff, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteStaff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => apiCall(calls.deleteStaff, { body: { id } }),
    onSuccess: refresh,
  });
}

/** The invite page's details; an expired, used or unknown link is an error with its message. */
export function useStaffInvite(token: string) {
  return useQuery({
    queryKey: staffKeys.invite(token),
    queryFn: async () => (await apiCall<StaffInvite>(calls.staffInvite, { search: { token } })).data,
    retry: false,
  });
}

export const acceptInvite = (body: AcceptInviteBody) => apiCall<{ email: string }>(calls.acceptInvite, { body });
