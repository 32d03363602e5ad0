"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates, true from the first render after. Anything the
 * server cannot know (the query cache, which may already hold an answer when a later Suspense
 * boundary hydrates) renders as the server did until this turns true, so hydration always matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
