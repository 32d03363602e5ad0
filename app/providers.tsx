"use client";

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { ApiError } from "@/lib/browser/api-client";

/**
 * A refusal coded `unauthenticated` from any call means the session is gone (the BFF has already cleared the
 * cookie): local storage goes too, then back to the login page.
 */
function onApiError(error: unknown) {
  if (!(error instanceof ApiError && error.unauthenticated)) return;
  try {
    window.localStorage.clear();
  } catch {
    // Storage disabled by the browser: nothing to clear.
  }
  // A full reload: nothing of the signed-in state survives in memory.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/login");
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onApiError }),
        mutationCache: new MutationCache({ onError: onApiError }),
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
