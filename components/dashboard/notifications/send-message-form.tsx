"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { DEFAULT_CHANNELS, type Channel } from "@/contract/card-preferences";
import { DEFAULT_SEGMENT_DAYS, SEGMENTS, segmentTakesDays } from "@/contract/customers";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX, notificationAddBody } from "@/contract/notifications";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useNotifications, useSendMessage } from "@/lib/browser/queries/notifications";
import { useContractForm } from "@/lib/browser/use-contract-form";
import { SegmentPicker, useLevelChoice } from "./segment-picker";
import { ChannelBoxes } from "./channel-boxes";
import { SmsEstimate } from "./sms-estimate";

/** "12 / 60": how much of what a phone shows is used; announced politely as it changes. */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useTranslations("dashboardMore.send");
  return (
    <p id={id} className={length > max ? "field-error small" : "field-hint"} aria-live="polite">
      {t("characters", { length, max })}
    </p>
  );
}

/**
 * What the page's address preselects: `?segment=` (the Insights page's RFM rows link here with
 * `rfm:<name>`) and `?business_id=`; anything else is ignored ("all" is the blank choice).
 */
function preselected(params: URLSearchParams) {
  const segment = params.get("segment") ?? "";
  const businessId = params.get("business_id") ?? "";
  return {
    segment: segment !== "all" && (SEGMENTS as readonly string[]).includes(segment) ? segment : "",
    business_id: /^[1-9]\d{0,15}$/.test(businessId) ? businessId : "",
  };
}

/** notification-add: a message to the card holders of one business, or a segment of them. */
export function SendMessageForm() {
  const send = useSendMessage();
  // The feed's answer says whether this server sends SMS.
  const feed = useNotifications(1);
  const smsConfigured = feed.data?.sms_configured ?? false;
  const [channels, setChannels] = useState<Channel[]>([...DEFAULT_CHANNELS]);
  const businesses = useBusinessOptions();
  const headingId = useId();
  const messageId = useId();
  const counterId = useId();
  const t = useTranslations("dashboardMore.send");
  const chosen = preselected(useSearchParams());
  const form = useContractForm(
    notificationAddBody,
    { ...chosen, days: String(DEFAULT_SEGMENT_DAYS), title: "", message: "" },
    async (values) => {
      const result = await send.mutateAsync({
        ...values,
        days: segmentTakesDays(values.segment) ? values.days : undefined,
        channels: channels.filter((c) => c !== "sms" || smsConfigured),
      });
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const title = form.field("title");
  const business = form.field("business_id");
  const segment = form.field("segment");
  const days = form.field("days");
  const message = form.field("message");
  const levelChoice = useLevelChoice(business.value);
  const options = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }));
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("heading")}</h2>
      <p className="muted">{t("intro")}</p>
      <form className="form" {...form.formProps}>
        <SelectField
          label={t("business")}
          placeholder={businesses.isPending ? t("loadingBusinesses") : t("chooseBusiness")}
          options={options}
          required
          {...business}
        />
        <SegmentPicker businessId={business.value} segment={segment} days={days} levelChoice={levelChoice} />
        <ChannelBoxes value={channels} onChange={setChannels} smsConfigured={smsConfigured} />
        <TextField
          label={t("title")}
          autoComplete="off"
          required
          maxLength={MESSAGE_TITLE_MAX}
          hint={t("characters", { length: String(title.value).length, max: MESSAGE_TITLE_MAX })}
          {...title}
        />
        <div className="field">
          <label htmlFor={messageId}>{t("message")}</label>
          <textarea
            id={messageId}
            rows={4}
            required
            maxLength={MESSAGE_TEXT_MAX}
            aria-invalid={message.error ? true : undefined}
            aria-describedby={[counterId, message.error ? `${messageId}-error` : ""].filter(Boolean).join(" ")}
            {...message}
          />
          <Counter id={counterId} length={String(message.value).length} max={MESSAGE_TEXT_MAX} />
          {message.error && (
            <p id={`${messageId}-error`} className="field-error" role="alert">
              {message.error}
            </p>
          )}
        </div>
        {smsConfigured && channels.includes("sms") && (
          <SmsEstimate
            input={{
              businessId: business.value,
              segment: segment.value,
              days: days.value,
              level: levelChoice.level,
              body: message.value,
            }}
          />
        )}
        <FormActions submit={t("submit")} busy={form.busy} />
      </form>
    </section>
  );
}
