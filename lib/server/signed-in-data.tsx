import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { calls } from "@/contract/calls";
import { signedInKeys } from "@/lib/api/signed-in-queries";
import { ServerRendered } from "@/lib/browser/server-rendered";
import { callApi } from "./call-api";
import { readRequestSession } from "./session";

/** How long the page waits for the API: past this it renders without the figures, and the browser asks. */
const WAIT_MS = 2_000;

/**
 * The signed-in user's profile and dashboard figures, asked for while the document renders and
 * handed to the browser's query cache with it. The page is then drawn with its data in the first
 * HTML (its largest text is there before any script runs), and hydration renders it once instead
 * of a skeleton and then the data. An answer that is not a success is left out: the browser asks
 * for it as before, and its refusal (a session gone) is handled there.
 */
export async function SignedInData({ children }: { children: ReactNode }) {
  const token = (await readRequestSession())?.token;
  const client = new QueryClient();
  if (token) {
    const options = { token, locale: await getLocale(), request: await headers(), timeoutMs: WAIT_MS };
    const [profile, details] = await Promise.all([
      callApi(calls.userProfile, {}, options),
      callApi(calls.dashboardDetails, {}, options),
    ]);
    if (profile.status === 200 && profile.envelope?.status) {
      client.setQueryData(signedInKeys.profile, profile.envelope.data);
    }
    if (details.status === 200 && details.envelope?.status) {
      client.setQueryData(signedInKeys.dashboardDetails, details.envelope.data);
    }
  }
  const state = dehydrate(client);
  return (
    <HydrationBoundary state={state}>
      <ServerRendered keys={state.queries.map((query) => query.queryHash)}>{children}</ServerRendered>
    </HydrationBoundary>
  );
}
