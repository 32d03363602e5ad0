"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { ReferralTrigger, RewardKind } from "@/contract/rewards";
import { callApi, settle } from "@/lib/browser/api-client";
import { walletCalls } from "@/contract/client-calls";
import { kindNs } from "@/components/kinds/ns";
import { Button } from "@/components/ui/button";

type Errors = Record<string, string[]>;

function Field(props: {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  errors: Errors;
  name: string;
  inputMode?: "numeric";
  /** Optional fields say so in their label and are not required. */
  optional?: boolean;
  max?: string;
  defaultValue?: string;
}) {
  const t = useTranslations("card");
  const error = props.errors[props.name]?.[0];
  return (
    <div className="field">
      <label htmlFor={props.id}>
        {props.label}
        {props.optional && <span className="muted"> {t("optional")}</span>}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        max={props.max}
        defaultValue={props.defaultValue}
        required={!props.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${props.id}-error` : undefined}
      />
      {error && (
        <p className="field-error" id={`${props.id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Joining (name, email, consent: wallet-join) or opening an existing card with an email code
 * (wallet-recover). The card secret never reaches this code: the BFF keeps it in a cookie.
 */
export function JoinCard({
  qrToken,
  businessName,
  counterCode,
  referralCode,
  referralTrigger,
  kind,
}: {
  qrToken: string;
  businessName: string;
  /** A rotating QR code's counter code, from the scanned URL: the join needs it. */
  counterCode?: string;
  /** A friend's referral code, from their link: both earn a bonus after the first visit. */
  referralCode?: string;
  /** When the friend's referral pays (the reward's `referral_trigger`). */
  referralTrigger?: ReferralTrigger;
  /** The programme the customer joins: the form says stamp card, points card or cashback card. */
  kind?: RewardKind;
}) {
  const t = useTranslations("card");
  const kt = useTranslations(kindNs(kind));
  const router = useRouter();
  const [mode, setMode] = useState<"join" | "recover" | "code">("join");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    setBusy(true);
    setMessage(null);
    const res = await settle(
      mode === "join"
        ? callApi(walletCalls.walletJoin, {
            body: {
              qr_token: qrToken,
              name: value("name"),
              email: value("email"),
              phone: value("phone"),
              birthday: value("birthday"),
              consent: form.get("consent") === "on",
              consent_email: form.get("consent_email") === "on",
              consent_sms: form.get("consent_sms") === "on",
              code: counterCode,
              ref: referralCode,
            },
          })
        : callApi(walletCalls.walletRecover, {
            body:
              mode === "recover"
                ? { qr_token: qrToken, email: value("email") }
                : { qr_token: qrToken, email, code: value("code") },
          }),
    );
    setBusy(false);
    setErrors(res.errors);
    if (!res.ok) {
      // With messages beside the fields, the summary just points at them.
      // (A join's `code` is the counter code of the URL, not a field here: its message says it all.)
      const fields = Object.keys(res.errors).filter(
        (k) => k !== "qr_token" && !(mode === "join" && (k === "code" || k === "ref")),
      );
      setMessage({ text: fields.length > 0 ? t("checkFields") : res.message, error: true });
      if (mode === "join" && res.code === "card_exists") setEmail(value("email"));
      return;
    }
    if (mode === "recover") {
      setEmail(value("email"));
      setMode("code");
      setMessage({ text: res.message, error: false });
      return;
    }
    router.replace(
      `/add-to-wallet?qr_token=${encodeURIComponent(qrToken)}&after=${mode === "join" ? "join" : "recover"}`,
    );
    router.refresh();
  }

  const switchTo = (next: typeof mode) => {
    setMode(next);
    setErrors({});
    setMessage(null);
  };

  return (
    <section className="wallet-join" aria-labelledby="join-title">
      <h2 id="join-title">{mode === "join" ? kt("joinTitle") : t("recoverTitle")}</h2>
      {mode === "join" && referralCode && (
        <p className="small muted">{t("friendInvited", { trigger: referralTrigger ?? "first_visit" })}</p>
      )}
      {message && (
        <p
          className={message.error ? "wallet-notice error" : "wallet-notice"}
          role={message.error ? "alert" : "status"}
        >
          {message.text}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate key={mode}>
        {mode === "join" && (
          <>
            <Field id="join-name" name="name" label={t("yourName")} type="text" autoComplete="name" errors={errors} />
            <Field id="join-email" name="email" label={t("email")} type="email" autoComplete="email" errors={errors} />
            <Field
              id="join-phone"
              name="phone"
              label={t("phone")}
              type="tel"
              autoComplete="tel"
              errors={errors}
              optional
            />
            <Field
              id="join-birthday"
              name="birthday"
              label={t("birthday")}
              type="date"
              autoComplete="bday"
              errors={errors}
              optional
              max={new Date().toISOString().slice(0, 10)}
            />
            <div className="field wallet-consent">
              <input
                id="join-consent"
                name="consent"
                type="checkbox"
                required
                aria-describedby={errors.consent ? "join-consent-error" : undefined}
              />
              <label htmlFor="join-consent">{kt("consent", { business: businessName })}</label>
              {errors.consent && (
                <p className="field-error" id="join-consent-error">
                  {errors.consent[0]}
                </p>
              )}
            </div>
            <div className="field wallet-consent">
              <input id="join-consent-email" name="consent_email" type="checkbox" />
              <label htmlFor="join-consent-email">{t("consentEmail", { business: businessName })}</label>
            </div>
            <div className="field wallet-consent">
              <input id="join-consent-sms" name="consent_sms" type="checkbox" />
              <label htmlFor="join-consent-sms">{t("consentSms", { business: businessName })}</label>
            </div>
          </>
        )}
        {mode === "recover" && (
          <>
            <Field
              id="recover-email"
              name="email"
              label={t("recoverEmail")}
              type="email"
              autoComplete="email"
              errors={errors}
              defaultValue={email}
            />
            <p className="wallet-hint">{t("recoverHint")}</p>
          </>
        )}
        {mode === "code" && (
          <Field
            id="recover-code"
            name="code"
            label={t("codeSentTo", { email })}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            errors={errors}
          />
        )}
        <Button type="submit" className="btn-block" busy={busy}>
          {mode === "join" ? kt("joinSubmit") : mode === "recover" ? t("emailMeCode") : t("openMyCard")}
        </Button>
      </form>
      {mode === "join" ? (
        <button type="button" className="btn btn-link" onClick={() => switchTo("recover")}>
          {t("haveCard")}
        </button>
      ) : (
        <button type="button" className="btn btn-link" onClick={() => switchTo("join")}>
          {t("newHere")}
        </button>
      )}
    </section>
  );
}
