"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import type { SmsEstimate as Estimate } from "@/contract/sms";
import { useSmsEstimate, type SmsEstimateInput } from "@/lib/browser/queries/sms";

/** Characters a segment: one of 160 GSM-7 (70 UCS-2), or 153 (67) each when the text is split. */
const segmentLimit = (e: Estimate) =>
  e.encoding === "GSM-7" ? (e.segments_per_message > 1 ? 153 : 160) : e.segments_per_message > 1 ? 67 : 70;

/** The estimate's figures, and the allowance's refusal when the send would pass it. */
export function SmsEstimateFigures({ estimate }: { estimate: Estimate }) {
  const t = useTranslations("smsEstimate");
  const format = useFormatter();
  const price = format.number(Number(estimate.price), { style: "currency", currency: estimate.currency });
  const over = estimate.segments > estimate.allowance_left;
  return (
    <>
      <ul className="sms-estimate-figures">
        <li>
          {estimate.messages === 0
            ? t("none")
            : t("messages", {
                messages: estimate.messages,
                perMessage: estimate.segments_per_message,
                segments: estimate.segments,
              })}
        </li>
        <li>
          {t(estimate.encoding === "GSM-7" ? "gsm" : "ucs", {
            limit: segmentLimit(estimate),
            perMessage: estimate.segments_per_message,
          })}
        </li>
        <li>{t("price", { price })}</li>
        <li>{t("allowance", { left: estimate.allowance_left, allowance: estimate.allowance })}</li>
      </ul>
      {over && (
        <p className="field-error" role="alert">
          {t("over", { segments: estimate.segments, left: estimate.allowance_left })}
        </p>
      )}
    </>
  );
}

/**
 * Under the message, when SMS is ticked: what the SMS would take (sms-estimate), updated once
 * typing pauses: how many SMS, their segments and encoding, the price on the owner's plan and what
 * is left of the month's allowance; going over the allowance is said before the owner sends.
 */
export function SmsEstimate({ input }: { input: SmsEstimateInput }) {
  const t = useTranslations("smsEstimate");
  const headingId = useId();
  const estimate = useSmsEstimate(input, true);
  let content;
  if (!estimate.ready) content = <p>{t("waiting")}</p>;
  else if (estimate.isError) content = <p>{t("error")}</p>;
  else if (!estimate.data) content = <p>{t("counting")}</p>;
  else content = <SmsEstimateFigures estimate={estimate.data} />;
  return (
    <section className="sms-estimate field-hint" aria-labelledby={headingId} aria-live="polite" aria-atomic="true">
      <h3 id={headingId}>{t("heading")}</h3>
      {content}
    </section>
  );
}
