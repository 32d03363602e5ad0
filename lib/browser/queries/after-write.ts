"use client";

import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Fetches again what a write changed. A fetch of it still in flight began before the write, so it
 * is cancelled first: TanStack Query hands an invalidation the fetch in flight when the query has
 * no answer yet (a list still loading when the owner adds to it), and that answer would not hold
 * the write, nor be fetched again until it went stale.
 */
export async function refetchAfterWrite(client: QueryClient, queryKey: QueryKey) {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
