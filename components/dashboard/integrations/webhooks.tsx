"use client";

import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ItemRow } from "@/components/ui/item-row";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookWithSecret,
} from "@/lib/contract/webhooks";
import {
  useAddWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "@/lib/queries/integrations";
import { CheckboxGroup, fieldErrors, ShownOnce, useReportError, when } from "./shared";

function EndpointForm({ onAdded }: { onAdded: (endpoint: WebhookWithSecret) => void }) {
  const add = useAddWebhook();
  const report = useReportError();
  const headingId = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) missing.url = "Enter the endpoint's http:// or https:// URL.";
    if (events.length === 0) missing.events = "Choose at least one event.";
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const result = await add.mutateAsync({ url: url.trim(), events });
      toast.success(result.message);
      setUrl("");
      onAdded(result.data);
    } catch (error) {
      setErrors(fieldErrors(error));
      report(error);
    }
  };
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h3 id={headingId}>Add a webhook endpoint</h3>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Endpoint URL"
          name="url"
          type="url"
          inputMode="url"
          required
          placeholder="https://example.com/loyalty-webhooks"
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <CheckboxGroup
          legend="Events to send"
          options={WEBHOOK_EVENTS}
          value={events}
          onChange={setEvents}
          error={errors.events}
        />
        <div className="form-actions">
          <Button type="submit" busy={add.isPending}>
            Add endpoint
          </Button>
        </div>
      </form>
    </section>
  );
}

const STATUS_BADGE: Record<WebhookDelivery["status"], string> = {
  delivered: "badge-success",
  pending: "badge-info",
  failed: "badge-warning",
};

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [page, setPage] = useState(1);
  const list = useWebhookDeliveries(endpoint.id, page);
  const redeliver = useRedeliverWebhook(endpoint.id);
  const report = useReportError();
  const again = async (id: number) => {
    try {
      toast.success((await redeliver.mutateAsync(id)).message);
    } catch (error) {
      report(error);
    }
  };
  if (list.isPending) return <Skeleton label="Loading the delivery log…" rows={1} height="2rem" />;
  if (list.isError) return <ErrorState what="the delivery log" error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.total === 0) return <p className="muted small">Nothing sent yet.</p>;
  return (
    <>
      <ul className="delivery-list" aria-label={`Deliveries to ${endpoint.url}`}>
        {list.data.items.map((d) => (
          <li key={d.id} className="delivery small">
            <span className={`badge ${STATUS_BADGE[d.status]}`}>{d.status}</span> <code>{d.event_type}</code> ·{" "}
            {when(d.created_at)} · {d.status_code === null ? "no answer" : `answer ${d.status_code}`}
            {d.duration_ms !== null && ` · ${d.duration_ms} ms`} · {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
            {d.error && <span className="muted"> · {d.error}</span>}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={redeliver.isPending}
              onClick={() => again(d.id)}
            >
              Send again
              <span className="visually-hidden">
                {" "}
                {d.event_type} of {when(d.created_at)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pagination data={list.data} onPage={setPage} label={`Deliveries to ${endpoint.url}`} />
    </>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (e: WebhookWithSecret) => void }) {
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook(endpoint.id);
  const report = useReportError();
  const sendTest = async () => {
    try {
      toast.success((await test.mutateAsync(endpoint.id)).message);
    } catch (error) {
      report(error);
    }
  };
  return (
    <ItemRow
      name={endpoint.url}
      heading={<span className="break-all">{endpoint.url}</span>}
      remove={{
        title: `Delete the endpoint ${endpoint.url}?`,
        warning: "Nothing more is sent to it, and its delivery log is deleted with it.",
        confirmLabel: "Delete endpoint",
        onConfirm: () => remove.mutateAsync(endpoint.id),
      }}
    >
      <p className="small">
        {endpoint.disabled_at ? (
          <span className="badge badge-warning">
            Disabled {when(endpoint.disabled_at)}: send a test event to resume
          </span>
        ) : endpoint.failing_since ? (
          <span className="badge badge-warning">Failing since {when(endpoint.failing_since)}</span>
        ) : (
          <span className="badge badge-success">Active</span>
        )}{" "}
        {endpoint.events.join(", ")}
      </p>
      <div className="form-actions">
        <Button variant="secondary" className="btn-small" busy={test.isPending} onClick={sendTest}>
          Send a test event<span className="visually-hidden"> to {endpoint.url}</span>
        </Button>
        <ConfirmButton
          action="Rotate secret"
          subject={endpoint.url}
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          onConfirm={async () => {
            const result = await rotate.mutateAsync(endpoint.id);
            onSecret(result.data);
            return result;
          }}
        >
          Deliveries are signed with a new secret from now on: update your receiver with it.
        </ConfirmButton>
      </div>
      <h4 className="small">Delivery log</h4>
      <DeliveryLog endpoint={endpoint} />
    </ItemRow>
  );
}

/** Part 3: endpoints the product calls when cards change (Standard Webhooks). */
export function Webhooks() {
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const list = useWebhooks();
  return (
    <section className="integrations-part" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhook endpoints</h2>
      <p className="muted">
        We call your URL when a card is created, earns, redeems and more, signed per the Standard Webhooks specification
        (headers <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).
      </p>
      {secret ? (
        <ShownOnce
          title={`Signing secret for ${secret.url}`}
          label="Signing secret"
          value={secret.secret}
          onDone={() => setSecret(null)}
        />
      ) : (
        <EndpointForm onAdded={setSecret} />
      )}
      {list.isPending ? (
        <Skeleton label="Loading your webhook endpoints…" rows={2} />
      ) : list.isError ? (
        <ErrorState what="your webhook endpoints" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No webhook endpoints yet">Add one above to hear about cards as they change.</EmptyState>
      ) : (
        <ul className="item-list" aria-label="Your webhook endpoints">
          {list.data.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      )}
    </section>
  );
}
