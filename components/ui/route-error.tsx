"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

/**
 * A page part that failed to load. Most often a code chunk did not arrive (chunks
 * load with a time-out; a slow or broken connection hits it): offer a retry instead of a blank page.
 */
export function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const chunk =
    error.name === "ChunkLoadError" || /Loading (CSS )?chunk|Failed to fetch dynamically/i.test(error.message);
  const t = useTranslations("common.ui");
  useEffect(() => {
    console.warn("page failed to load:", error.name, error.digest ?? "");
  }, [error]);
  return (
    <div className="route-error" role="alert">
      <h2>{chunk ? t("chunkTitle") : t("errorTitle")}</h2>
      <p>{chunk ? t("chunkText") : t("errorText")}</p>
      <button
        type="button"
        className="btn btn-primary"
        // A chunk that failed stays failed in this document: only a reload fetches it anew.
        onClick={() => (chunk ? window.location.reload() : reset())}
      >
        {t("tryAgain")}
      </button>
    </div>
  );
}
