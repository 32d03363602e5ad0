import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/lib/browser/api-client";

/** Grey placeholders in the shape of what is loading; announced once to screen readers. */
export function Skeleton({ rows = 3, height = "4rem", label }: { rows?: number; height?: string; label: string }) {
  return (
    <div aria-busy="true" aria-live="polite" className="stack">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" style={{ height }} />
      ))}
    </div>
  );
}

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const t = useTranslations("common.ui");
  return (
    <div className="card state-card" role="alert">
      <p>
        <strong>{t("couldNotLoad", { what })}</strong> {errorMessage(error)}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t("tryAgain")}
      </button>
    </div>
  );
}

/** An empty list: says what to do next. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="card state-card empty-state">
      <h2>{title}</h2>
      <p className="muted">{children}</p>
      {action}
    </div>
  );
}
