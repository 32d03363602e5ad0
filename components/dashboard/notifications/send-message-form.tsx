"use client";

import { useId } from "react";
import toast from "react-hot-toast";
import { FormActions } from "@/components/ui/form-actions";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import {
  DEFAULT_SEGMENT_DAYS,
  MAX_SEGMENT_DAYS,
  SEGMENT_LABELS,
  SEGMENTS,
  segmentTakesDays,
  type Segment,
} from "@/lib/contract/customers";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX, notificationAddBody } from "@/lib/contract/notifications";
import { useBusinessOptions } from "@/lib/queries/businesses";
import { useSegmentCount } from "@/lib/queries/customers";
import { useSendMessage } from "@/lib/queries/notifications";
import { useContractForm } from "@/lib/use-contract-form";

/** "12 / 60": how much of what a phone shows is used; announced politely as it changes. */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={length > max ? "field-error small" : "field-hint"} aria-live="polite">
      {length} / {max} characters
    </p>
  );
}

/** "Reaches 42 card holders": the segment's count (segment-count) before the owner sends. */
function Reach({ businessId, segment, days }: { businessId: string; segment: Segment; days: string }) {
  const needsDays = segmentTakesDays(segment);
  const daysOk = !needsDays || (/^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= MAX_SEGMENT_DAYS);
  const count = useSegmentCount(businessId, segment, needsDays ? days : "", !!businessId && daysOk);
  let text = "Choose a business to see how many card holders this reaches.";
  if (businessId && !daysOk) text = "Enter a number of days to see how many card holders this reaches.";
  else if (businessId && count.isError) text = "The number of card holders could not be counted.";
  else if (businessId && count.data) {
    const n = count.data.count;
    text = `Reaches ${n} card holder${n === 1 ? "" : "s"}${segment === "all" ? ", and everyone who joins later" : ""}.`;
  } else if (businessId) text = "Counting card holders…";
  return (
    <p className="field-hint reach" aria-live="polite">
      {text}
    </p>
  );
}

/** notification-add: a message to the card holders of one business, or a segment of them. */
export function SendMessageForm() {
  const send = useSendMessage();
  const businesses = useBusinessOptions();
  const headingId = useId();
  const messageId = useId();
  const counterId = useId();
  const form = useContractForm(
    notificationAddBody,
    { business_id: "", segment: "", days: String(DEFAULT_SEGMENT_DAYS), title: "", message: "" },
    async (values) => {
      const result = await send.mutateAsync({
        ...values,
        days: segmentTakesDays(values.segment) ? values.days : undefined,
      });
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const title = form.field("title");
  const business = form.field("business_id");
  const segment = form.field("segment");
  const days = form.field("days");
  const chosen = (segment.value || "all") as Segment;
  const message = form.field("message");
  const options = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }));
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Message your customers</h2>
      <p className="muted">
        Shown on the cards it reaches, newest first, and sent as a notification to customers who turned them on.
      </p>
      <form className="form" {...form.formProps}>
        <SelectField
          label="Business"
          placeholder={businesses.isPending ? "Loading your businesses…" : "Choose a business"}
          options={options}
          required
          {...business}
        />
        <SelectField
          label="Send to"
          // The empty first choice is "all" (the contract reads a blank segment as all).
          placeholder={SEGMENT_LABELS.all}
          options={SEGMENTS.filter((s) => s !== "all").map((s) => ({ value: s, label: SEGMENT_LABELS[s] }))}
          {...segment}
        />
        {segmentTakesDays(chosen) && (
          <TextField
            label="Number of days (N)"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEGMENT_DAYS}
            required
            {...days}
          />
        )}
        <Reach businessId={String(business.value)} segment={chosen} days={String(days.value)} />
        <TextField
          label="Title"
          autoComplete="off"
          required
          maxLength={MESSAGE_TITLE_MAX}
          hint={`${String(title.value).length} / ${MESSAGE_TITLE_MAX} characters`}
          {...title}
        />
        <div className="field">
          <label htmlFor={messageId}>Message</label>
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
        <FormActions submit="Send message" busy={form.busy} />
      </form>
    </section>
  );
}
