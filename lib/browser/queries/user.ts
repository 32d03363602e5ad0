"use client";

import { useMutation, useQuery, useQueryClient, type UseQueryResult } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { useHydrated } from "@/lib/browser/use-hydrated";
import { useServerRendered } from "@/lib/browser/server-rendered";
import { calls } from "@/contract/browser-calls";
import { signedInKeys } from "@/lib/api/signed-in-queries";
import type { PasswordUpdateBody, ProfileUpdateBody, UserProfile, UserSoftDeleteBody } from "@/contract/auth";

export const userKeys = { profile: signedInKeys.profile };

/**
 * The signed-in user. The server usually draws the page with it (SignedInData). When it could not,
 * the top bar asks for it first, and a section of the page that hydrates after the answer came would
 * otherwise render it where the server rendered "loading" (React error #418): until hydration is
 * over, every caller then sees the query as the server did, pending.
 */
export function useProfile(): UseQueryResult<UserProfile> {
  const hydrated = useHydrated();
  const fromServer = useServerRendered(userKeys.profile);
  const query = useQuery({
    queryKey: userKeys.profile,
    queryFn: async () => (await callApi(calls.userProfile)).data,
  });
  if (hydrated || fromServer || query.isPending) return query;
  return {
    ...query,
    data: undefined,
    isPending: true,
    isSuccess: false,
    status: "pending",
  } as UseQueryResult<UserProfile>;
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileUpdateBody) => await callApi(calls.profileUpdate, { body }),
    onSuccess: (result) => client.setQueryData(userKeys.profile, result.data),
  });
}

export const updatePassword = (body: PasswordUpdateBody) => callApi(calls.passwordUpdate, { body });
export const deleteAccount = (body: UserSoftDeleteBody) => callApi(calls.userSoftDelete, { body });

/** Ends the session on the server and in the cookie, then reloads into the login page. */
export async function logout() {
  await callApi(calls.logout).catch(() => undefined);
  // Logout clears local storage (the chosen plan, kept form drafts) too.
  window.localStorage.clear();
  // A full reload: nothing of the signed-in state survives in memory.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/login");
}
