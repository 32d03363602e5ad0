"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { cardPreferenceCalls, type CardPreferences } from "@/contract/card-preferences";
import { callApi, settle } from "@/lib/browser/api-client";
import { Button } from "@/components/ui/button";

type Evidence = CardPreferences["consent_email"];
const SOURCE_KEYS = {
  join: "prefsSourceJoin",
  preferences: "prefsSourcePreferences",
  import: "prefsSourceImport",
  sms_keyword: "prefsSourceSmsKeyword",
} as const;

/**
 * The card holder's channels (card-preferences-save), by the token of their mail's link: email,
 * SMS and push on and off, with what they agreed to, when and how. Opened from a mail's
 * unsubscribe link (`unsubscribe`), it offers that one button first.
 */
export function CardPreferencesForm({
  token,
  initial,
  unsubscribe,
}: {
  token: string;
  initial: CardPreferences;
  unsubscribe: boolean;
}) {
  const t = useTranslations("card");
  const format = useFormatter();
  const [prefs, setPrefs] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const business = prefs.business_name;

  async function save(values: { email: boolean; sms: boolean; push: boolean }, done: string) {
    setBusy(true);
    const res = await settle(callApi(cardPreferenceCalls.cardPreferencesSave, { body: { token, ...values } }));
    setBusy(false);
    if (res.ok && res.data) setPrefs(res.data);
    setMessage({ text: res.ok ? done : res.message, error: !res.ok });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void save(
      { email: form.get("email") === "on", sms: form.get("sms") === "on", push: form.get("push") === "on" },
      t("prefsSaved"),
    );
  }

  const agreed = (evidence: Evidence) =>
    evidence
      ? t("prefsAgreed", {
          date: format.dateTime(new Date(evidence.at), "day"),
          source: t(SOURCE_KEYS[evidence.source as keyof typeof SOURCE_KEYS] ?? "prefsSourceJoin", { business }),
        })
      : t("prefsNotAgreed");

  return (
    <section className="wallet-form" aria-labelledby="prefs-title">
      <h1 id="prefs-title">{t("prefsTitle", { business })}</h1>
      {unsubscribe && prefs.email && (
        <div className="wallet-unsubscribe">
          <h2>{t("unsubscribeTitle", { business })}</h2>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void save({ ...prefs, email: false }, t("unsubscribed", { business }))}
          >
            {t("unsubscribeButton")}
          </button>
        </div>
      )}
      <p>{t("prefsIntro", { business })}</p>
      {/* Keyed by the saved state: the boxes show what the server holds after each save. */}
      <form onSubmit={submit} key={`${prefs.email}-${prefs.sms}-${prefs.push}`}>
        <ChannelBox name="email" label={t("prefsEmail")} checked={prefs.email} evidence={agreed(prefs.consent_email)} />
        <ChannelBox name="sms" label={t("prefsSms")} checked={prefs.sms} evidence={agreed(prefs.consent_sms)} />
        <div className="field wallet-consent">
          <input id="prefs-push" name="push" type="checkbox" defaultChecked={prefs.push} />
          <label htmlFor="prefs-push">{t("prefsPush")}</label>
        </div>
        <Button type="submit" disabled={busy}>
          {t("prefsSave")}
        </Button>
      </form>
      <p role="status" aria-live="polite" className={message?.error ? "field-error" : undefined}>
        {message?.text}
      </p>
    </section>
  );
}

/** One channel's box, with what the customer agreed to and when beneath it. */
function ChannelBox({
  name,
  label,
  checked,
  evidence,
}: {
  name: string;
  label: string;
  checked: boolean;
  evidence: string;
}) {
  return (
    <div className="field wallet-consent">
      <input
        id={`prefs-${name}`}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        aria-describedby={`prefs-${name}-evidence`}
      />
      <label htmlFor={`prefs-${name}`}>{label}</label>
      <p className="small muted wallet-evidence" id={`prefs-${name}-evidence`}>
        {evidence}
      </p>
    </div>
  );
}
