"use client";

import { useLocale, useTranslations } from "next-intl";
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { toast } from "@/lib/browser/toast";
import type * as z from "zod/mini";
import { ApiError, errorMessage } from "./api-client";
import { issueErrors } from "../../contract/envelope";
import { localizeIssue, type ValidationIssue } from "../i18n/validation";
import type { Schema } from "../../contract/schema";

type Values = Record<string, string>;

/**
 * The form's schema, or a loader of it: `() => import("…/auth").then((m) => m.loginBody)` keeps
 * zod out of a page's first-load JavaScript; the schema is fetched when the form is first focused.
 */
type SchemaSource<S> = S | (() => Promise<S>);

/**
 * Spread on a control that a shared part of a form keeps itself (the segment picker's level): the
 * form sends it by its name while it is shown, though the form's own values never held it.
 */
export const PART_FIELD = { "data-form-part": "" } as const;

/** The values of the shown PART_FIELD controls. */
function partFields(form: HTMLFormElement): Values {
  const controls = form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-form-part]");
  return Object.fromEntries([...controls].filter((c) => c.name && !c.disabled).map((c) => [c.name, c.value]));
}

/** The form's values as its fields show them: text typed before the page hydrated never went through onChange. */
function shownValues(form: HTMLFormElement, values: Values): Values {
  const shown = { ...values };
  const inputs = new FormData(form);
  for (const name of Object.keys(values)) {
    const value = inputs.get(name);
    if (typeof value === "string") shown[name] = value;
  }
  return shown;
}

/**
 * A form driven by a contract schema: the browser checks the same zod rules as the server, then
 * `onSubmit` runs; a server 422 puts its messages beside the fields, other failures become toasts.
 * Spread `formProps` on the form element.
 */
export function useContractForm<S extends Schema>(
  source: SchemaSource<S>,
  initial: Values,
  onSubmit: (values: z.output<S>) => Promise<void>,
  options: { resetOnSuccess?: boolean } = {},
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const locale = useLocale();
  const tValidation = useTranslations("common.validation");
  const schema = useRef<Promise<S> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Text typed before the page hydrated is in the fields but not in the state, and the next render
  // (the first key typed after hydration) would put the state's value back: the form adopts what
  // its fields show as it comes alive.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = Object.entries(shownValues(form, initial)).filter(([name, value]) => value !== initial[name]);
    if (typed.length > 0) setValues((v) => ({ ...v, ...Object.fromEntries(typed) }));
    // Once, as the form mounts: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const loadSchema = () =>
    (schema.current ??= (typeof source === "function" ? source() : Promise.resolve(source)).catch((error) => {
      schema.current = null; // a chunk that failed to load (offline) is fetched again next time
      throw error;
    }));
  // A lazily loaded schema is fetched when the form first gets focus (a field, or the button as it
  // is clicked): by the time it is submitted the schema is there, and a visitor who only reads the
  // page never spends a phone's main thread on it.
  const warm = () => void loadSchema().catch(() => undefined);
  /** Shows one message per field and moves focus to the first field in error. */
  const showErrors = (form: HTMLFormElement, all: Record<string, string[]>) => {
    const first = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[0] ?? ""]));
    setErrors(first);
    const name = Object.keys(first)[0];
    if (name) form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  };

  const field = (name: string) => ({
    name,
    value: values[name] ?? "",
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    // What the fields show wins.
    const shown = shownValues(form, values);
    setValues(shown);
    setBusy(true);
    try {
      // Zod schemas are Standard Schemas: validating through that interface needs no zod import here.
      const checked = await (await loadSchema())["~standard"].validate({ ...shown, ...partFields(form) });
      if (checked.issues) {
        // The contract's messages are English: other languages get common.validation's (lib/i18n/validation.ts).
        const issues = checked.issues.map((issue) => localizeIssue(issue as ValidationIssue, locale, tValidation));
        showErrors(form, issueErrors(issues));
        return;
      }
      setErrors({});
      await onSubmit(checked.value as z.output<S>);
      if (options.resetOnSuccess) setValues(initial);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) showErrors(form, error.errors);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  /** Spread on the <form>: submit through the schema, warm the schema on first focus, no browser bubbles. */
  // method "post": should the browser ever send the form itself, no field lands in the address.
  const formProps = { ref: formRef, onSubmit: handleSubmit, onFocus: warm, noValidate: true, method: "post" };

  return { field, values, setValues, errors, busy, formProps };
}
