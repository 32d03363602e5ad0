"use client";

import { useEffect } from "react";

/**
 * A page part that failed to load. Most often a code chunk did not arrive (spec.md §9: chunks
 * load with a time-out; a slow or broken connection hits it): offer a retry instead of a blank page.
 */
export function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const chunk =
    error.name === "ChunkLoadError" || /Loading (CSS )?chunk|Failed to fetch dynamically/i.test(error.message);
  useEffect(() => {
    console.warn("page failed to load:", error.name, error.digest ?? "");
  }, [error]);
  return (
    <div className="route-error" role="alert">
      <h2>{chunk ? "This page did not finish loading" : "Something went wrong"}</h2>
      <p>
        {chunk
          ? "Part of the page took too long to arrive. Check your connection and try again."
          : "An unexpected error stopped this page. Please try again."}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        // A chunk that failed stays failed in this document: only a reload fetches it anew.
        onClick={() => (chunk ? window.location.reload() : reset())}
      >
        Try again
      </button>
    </div>
  );
}
