"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { createContext, useContext, useId, useState, type FormEvent, type ReactNode } from "react";
import toast from "react-hot-toast";
import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { ApiError, errorMessage } from "@/lib/browser/api-client";

/** "26 Nov 2026, 19:20" through next-intl's formatter; "never" for a null. */
export function useWhen() {
  const format = useFormatter();
  const t = useTranslations("dashboardMore.integrations");
  return (iso: string | null) => (iso ? format.dateTime(new Date(iso), "dayTime") : t("never"));
}

/**
 * The plan gate: the server refuses adding a key, an endpoint or a till connection (403) when the
 * owner's plan lacks `integrations`; the page then shows that message with the way to upgrade,
 * above every part, instead of a toast that goes away.
 */
const PlanGateContext = createContext<(error: unknown) => void>(() => undefined);

export function PlanGateProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const t = useTranslations("dashboardMore.integrations");
  const report = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) setMessage(error.message);
    else toast.error(errorMessage(error));
  };
  return (
    <PlanGateContext.Provider value={report}>
      {message && (
        <div className="card plan-gate" role="alert">
          <p>{message}</p>
          <Link className="btn btn-primary" href="/dashboard/plans">
            {t("seePlans")}
          </Link>
        </div>
      )}
      {children}
    </PlanGateContext.Provider>
  );
}

/** Reports a failed call: the plan's upgrade message on a 403, else a toast. */
export const useReportError = () => useContext(PlanGateContext);

/** A value to paste elsewhere (a URL, a key, a secret): readable, selectable, and a Copy button. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const t = useTranslations("dashboardMore.integrations");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays selectable.
      toast.error(t("copyFailed"));
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field">
        <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} spellCheck={false} />
        <button type="button" className="btn btn-secondary btn-small" onClick={copy}>
          {t("copy")}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <p className="field-hint" aria-live="polite">
        {copied ? t("copied") : hint}
      </p>
    </div>
  );
}

/** A secret the server answers only once (an API key, a signing secret). */
export function ShownOnce({
  title,
  label,
  value,
  onDone,
}: {
  title: string;
  label: string;
  value: string;
  onDone: () => void;
}) {
  const id = useId();
  const t = useTranslations("dashboardMore.integrations");
  return (
    <section className="card shown-once" aria-labelledby={id} role="status">
      <h3 id={id}>{title}</h3>
      <p>{t.rich("shownOnce", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <CopyField label={label} value={value} />
      <button type="button" className="btn btn-secondary" onClick={onDone}>
        {t("copiedIt")}
      </button>
    </section>
  );
}

/** A group of checkboxes with one legend (scopes, events), and its error. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  describe,
}: {
  legend: string;
  options: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  error?: string;
  describe?: (option: T) => string;
}) {
  const errorId = useId();
  return (
    <fieldset className="field checkbox-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="checkbox">
          <input
            type="checkbox"
            checked={value.includes(option)}
            onChange={(e) => onChange(e.target.checked ? [...value, option] : value.filter((v) => v !== option))}
          />
          <code>{option}</code>
          {describe && <span className="muted small"> {describe(option)}</span>}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The first message per field of a 422 (or of the browser's own check). */
export const fieldErrors = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ""])) : {};

/** What an add mutation answers: the envelope's message and what was added. */
type Added<T> = { message: string; data: T };

/**
 * The common part of adding a key, an endpoint or a till connection: the browser's own checks
 * first (their messages beside the fields), then the call; on success a toast, the form reset and
 * what was added handed on (to be shown once); on failure the server's field messages, and the
 * plan gate or a toast.
 */
export function useAddForm<Body, T>(
  add: { mutateAsync: (body: Body) => Promise<Added<T>>; isPending: boolean },
  onAdded: (added: T) => void,
) {
  const report = useReportError();
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** `body` is asked for only when nothing is missing; `reset` clears what must not stay (a secret). */
  const submit = async (missing: Record<string, string>, body: () => Body | undefined, reset: () => void) => {
    setErrors(missing);
    const checked = Object.keys(missing).length > 0 ? undefined : body();
    if (checked === undefined) return;
    try {
      const result = await add.mutateAsync(checked);
      toast.success(result.message);
      reset();
      onAdded(result.data);
    } catch (error) {
      setErrors(fieldErrors(error));
      report(error);
    }
  };
  return { errors, submit, busy: add.isPending };
}

/** The card an add form stands in: its heading, the fields, and the submit button. */
export function AddFormCard({
  heading,
  submitLabel,
  busy,
  onSubmit,
  children,
}: {
  heading: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{heading}</h3>
      <form className="form" onSubmit={onSubmit} noValidate>
        {children}
        <div className="form-actions">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** An integrations list (keys, endpoints) in its four states: loading, failed with a retry, empty, the rows. */
export function PartList<T>({
  list,
  texts,
  children,
}: {
  list: UseQueryResult<T[]>;
  /** `loading` for the placeholder, `what` for the error, the empty state's, and the list's accessible name. */
  texts: { loading: string; what: string; emptyTitle: string; emptyText: string; list: string };
  /** One row, with its key. */
  children: (item: T) => ReactNode;
}) {
  if (list.isPending) return <Skeleton label={texts.loading} rows={2} />;
  if (list.isError) return <ErrorState what={texts.what} error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title={texts.emptyTitle}>{texts.emptyText}</EmptyState>;
  return (
    <ul className="item-list" aria-label={texts.list}>
      {list.data.map(children)}
    </ul>
  );
}
