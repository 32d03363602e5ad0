"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { CHANNELS, type Channel } from "@/contract/card-preferences";

/**
 * The channels a message goes on, one checkbox each; SMS only where the server sends it (else
 * a sentence says why not). Email and SMS reach only the customers who agreed to them.
 */
export function ChannelBoxes({
  value,
  onChange,
  smsConfigured,
}: {
  value: readonly Channel[];
  onChange: (next: Channel[]) => void;
  smsConfigured: boolean;
}) {
  const t = useTranslations("channels");
  const hintId = useId();
  const offered = CHANNELS.filter((c) => c !== "sms" || smsConfigured);
  const toggle = (channel: Channel, on: boolean) =>
    onChange(CHANNELS.filter((c) => (c === channel ? on : value.includes(c))));
  return (
    <fieldset className="field channel-boxes" aria-describedby={hintId}>
      <legend>{t("legend")}</legend>
      {offered.map((channel) => (
        <label key={channel} className="checkbox-row">
          <input
            type="checkbox"
            name="channels"
            value={channel}
            checked={value.includes(channel)}
            onChange={(e) => toggle(channel, e.target.checked)}
          />{" "}
          {t(channel)}
        </label>
      ))}
      <p id={hintId} className="field-hint">
        {smsConfigured ? t("capHint") : `${t("capHint")} ${t("smsUnavailable")}`}
      </p>
      {value.length === 0 && (
        <p className="field-error" role="alert">
          {t("chooseOne")}
        </p>
      )}
    </fieldset>
  );
}
