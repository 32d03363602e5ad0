"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@/lib/api-client";
import { calls } from "@/lib/contract/calls";
import type { PasswordUpdateBody, ProfileUpdateBody, UserProfile, UserSoftDeleteBody } from "@/lib/contract/auth";

export const userKeys = { profile: ["user-profile"] as const };

export function useProfile() {
  return useQuery({
    queryKey: userKeys.profile,
    queryFn: async () => (await apiCall<UserProfile>(calls.userProfile)).data,
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => apiCall<UserProfile>(calls.profileUpdate, { body }),
    onSuccess: (result) => client.setQueryData(userKeys.profile, result.data),
  });
}

export const updatePassword = (body: PasswordUpdateBody) => apiCall(calls.passwordUpdate, { body });
export const deleteAccount = (body: UserSoftDeleteBody) => apiCall(calls.userSoftDelete, { body });

/** Ends the session on the server and in the cookie, then reloads into the login page. */
export async function logout() {
  await apiCall(calls.logout).catch(() => undefined);
  // spec.md §2/§4: logout clears local storage (the chosen plan, kept form drafts) too.
  window.localStorage.clear();
  // A full reload (spec.md §4): nothing of the signed-in state survives in memory.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/login");
}
