"use client";

import { useState, type FormEvent } from "react";
import { ApiError, callApi, errorMessage } from "@/lib/browser/api-client";
import { contactUsCall } from "@/contract/client-calls";
import { CONTACT_LIMITS as L, PHONE_PATTERN } from "@/contract/limits";
import { Button } from "@/components/ui/button";

type Status = { kind: "success" | "error"; message: string } | null;
type FieldName = "name" | "email" | "phone_number" | "company_name" | "message";

/** The form's words (the `contact` messages), given by the page: no message formatting in the browser. */
export type ContactTexts = Record<
  "form" | "name" | "email" | "phone" | "phoneHint" | "company" | "optional" | "message" | "send" | "sending",
  string
>;

/**
 * The contact form. The browser checks the contract's limits with HTML constraint validation (no
 * zod on the public pages: it would double their JavaScript); the API checks them again with the
 * contract's schema, and its messages show beside the fields and in the status line.
 */
export function ContactForm({ texts }: { texts: ContactTexts }) {
  const t = (key: keyof ContactTexts) => texts[key];
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy) return;
    const data = new FormData(form);
    const value = (name: FieldName) => String(data.get(name) ?? "");
    const body = {
      name: value("name"),
      email: value("email"),
      phone_number: value("phone_number"),
      company_name: value("company_name"),
      message: value("message"),
    };
    setBusy(true);
    setStatus(null);
    setErrors({});
    try {
      const envelope = await callApi(contactUsCall, { body });
      setStatus({ kind: "success", message: envelope.message });
      form.reset();
    } catch (error) {
      if (error instanceof ApiError) {
        const first = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ""]));
        setErrors(first);
        const name = Object.keys(first)[0];
        if (name) form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
      }
      setStatus({ kind: "error", message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FieldName) => ({
    id: `contact-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`contact-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="form contact-form" onSubmit={onSubmit} aria-label={t("form")} noValidate={false}>
      <div className="form-row">
        <div className="field">
          <label htmlFor="contact-name">{t("name")}</label>
          <input {...field("name")} autoComplete="name" required minLength={L.nameMin} maxLength={L.nameMax} />
          {error("name")}
        </div>
        <div className="field">
          <label htmlFor="contact-email">{t("email")}</label>
          <input {...field("email")} type="email" autoComplete="email" required maxLength={L.emailMax} />
          {error("email")}
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="contact-phone_number">{t("phone")}</label>
          <input
            {...field("phone_number")}
            type="tel"
            autoComplete="tel"
            required
            pattern={PHONE_PATTERN}
            title={t("phoneHint")}
          />
          {error("phone_number")}
        </div>
        <div className="field">
          <label htmlFor="contact-company_name">
            {t("company")} <span className="muted">{t("optional")}</span>
          </label>
          <input {...field("company_name")} autoComplete="organization" maxLength={L.companyMax} />
          {error("company_name")}
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-message">{t("message")}</label>
        <textarea {...field("message")} rows={5} required minLength={L.messageMin} maxLength={L.messageMax} />
        {error("message")}
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("sending") : t("send")}
        </Button>
      </div>
      <p role="status" className={status ? `form-status form-status-${status.kind}` : "form-status"}>
        {status?.message}
      </p>
    </form>
  );
}
