"use client";

import { useId } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { MESSAGE_TEXT_MAX, MESSAGE_TITLE_MAX, notificationAddBody } from "@/lib/contract/notifications";
import { useBusinessOptions } from "@/lib/queries/businesses";
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

/** notification-add: a message to every card holder of one business (stored, shown, pushed). */
export function SendMessageForm() {
  const send = useSendMessage();
  const businesses = useBusinessOptions();
  const headingId = useId();
  const messageId = useId();
  const counterId = useId();
  const form = useContractForm(
    notificationAddBody,
    { business_id: "", title: "", message: "" },
    async (values) => {
      const result = await send.mutateAsync(values);
      toast.success(result.message);
    },
    { resetOnSuccess: true },
  );
  const title = form.field("title");
  const message = form.field("message");
  const options = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }));
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Message your customers</h2>
      <p className="muted">
        Shown on every card of the business, newest first, and sent as a notification to customers who turned them on.
      </p>
      <form className="form" {...form.formProps}>
        <SelectField
          label="Business"
          placeholder={businesses.isPending ? "Loading your businesses…" : "Choose a business"}
          options={options}
          required
          {...form.field("business_id")}
        />
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
        <div className="form-actions">
          <Button type="submit" busy={form.busy}>
            Send message
          </Button>
        </div>
      </form>
    </section>
  );
}
