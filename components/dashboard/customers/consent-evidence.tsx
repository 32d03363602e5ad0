"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { ConsentEvidence as Evidence } from "@/contract/customers";

const SOURCES = ["join", "preferences", "import", "sms_keyword"] as const;

/** What the customer agreed to on each channel, when and how, and what they turned off. */
export function ConsentEvidence({ consent }: { consent: Evidence }) {
  const t = useTranslations("reach.consent");
  const format = useFormatter();
  const date = (at: string) => format.dateTime(new Date(at), { dateStyle: "medium", timeStyle: "short" });
  const source = (s: string | null) =>
    SOURCES.includes(s as (typeof SOURCES)[number]) ? t(`source.${s as (typeof SOURCES)[number]}`) : (s ?? "");
  const channel = (c: { agreed_at: string | null; source: string | null; opted_out_at: string | null }) => (
    <>
      {c.agreed_at ? t("agreed", { date: date(c.agreed_at), source: source(c.source) }) : t("notAgreed")}
      {c.opted_out_at && <> · {t("optedOut", { date: date(c.opted_out_at) })}</>}
    </>
  );
  return (
    <section aria-labelledby="consent-title">
      <h3 id="consent-title">{t("title")}</h3>
      <dl className="customer-facts">
        <dt>{t("email")}</dt>
        <dd>
          {channel(consent.email)}
          {consent.email.bounced_at && <> · {t("bounced", { date: date(consent.email.bounced_at) })}</>}
        </dd>
        <dt>{t("sms")}</dt>
        <dd>{channel(consent.sms)}</dd>
        <dt>{t("push")}</dt>
        <dd>{consent.push.opted_out_at ? t("optedOut", { date: date(consent.push.opted_out_at) }) : t("on")}</dd>
      </dl>
    </section>
  );
}
