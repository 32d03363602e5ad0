"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ItemRow } from "@/components/ui/item-row";
import { Pagination } from "@/components/ui/pagination";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookWithSecret,
} from "@/contract/webhooks";
import {
  useAddWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "@/lib/browser/queries/integrations";
import { AddFormCard, PartList, useAddForm, CheckboxGroup, ShownOnce, useReportError, useWhen } from "./shared";

function EndpointForm({ onAdded }: { onAdded: (endpoint: WebhookWithSecret) => void }) {
  const t = useTranslations("dashboardMore.webhooks");
  const { errors, submit, busy } = useAddForm(useAddWebhook(), onAdded);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) missing.url = t("urlMissing");
    if (events.length === 0) missing.events = t("eventsMissing");
    void submit(
      missing,
      () => ({ url: url.trim(), events }),
      () => setUrl(""),
    );
  };
  return (
    <AddFormCard heading={t("add")} submitLabel={t("submit")} busy={busy} onSubmit={onSubmit}>
      <TextField
        label={t("url")}
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
        legend={t("events")}
        options={WEBHOOK_EVENTS}
        value={events}
        onChange={setEvents}
        error={errors.events}
      />
    </AddFormCard>
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
  const t = useTranslations("dashboardMore.webhooks");
  const when = useWhen();
  const again = async (id: number) => {
    try {
      toast.success((await redeliver.mutateAsync(id)).message);
    } catch (error) {
      report(error);
    }
  };
  if (list.isPending) return <Skeleton label={t("loadingLog")} rows={1} height="2rem" />;
  if (list.isError) return <ErrorState what={t("whatLog")} error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.total === 0) return <p className="muted small">{t("nothingSent")}</p>;
  return (
    <>
      <ul className="delivery-list" aria-label={t("deliveries", { url: endpoint.url })}>
        {list.data.items.map((d) => (
          <li key={d.id} className="delivery small">
            <span className={`badge ${STATUS_BADGE[d.status]}`}>{t(`status.${d.status}`)}</span>{" "}
            <code>{d.event_type}</code> · {when(d.created_at)} ·{" "}
            {d.status_code === null ? t("noAnswer") : t("answer", { code: d.status_code })}
            {d.duration_ms !== null && ` · ${d.duration_ms} ms`} · {t("attempts", { count: d.attempts })}
            {d.error && <span className="muted"> · {d.error}</span>}
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={redeliver.isPending}
              onClick={() => again(d.id)}
            >
              {t("again")}
              <span className="visually-hidden">
                {" "}
                {t("againOf", { event: d.event_type, when: when(d.created_at) })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Pagination data={list.data} onPage={setPage} label={t("deliveries", { url: endpoint.url })} />
    </>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (e: WebhookWithSecret) => void }) {
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook(endpoint.id);
  const report = useReportError();
  const t = useTranslations("dashboardMore.webhooks");
  const when = useWhen();
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
        title: t("deleteTitle", { url: endpoint.url }),
        warning: t("deleteWarning"),
        confirmLabel: t("deleteConfirm"),
        onConfirm: () => remove.mutateAsync(endpoint.id),
      }}
    >
      <p className="small">
        {endpoint.disabled_at ? (
          <span className="badge badge-warning">{t("disabled", { when: when(endpoint.disabled_at) })}</span>
        ) : endpoint.failing_since ? (
          <span className="badge badge-warning">{t("failing", { when: when(endpoint.failing_since) })}</span>
        ) : (
          <span className="badge badge-success">{t("active")}</span>
        )}{" "}
        {endpoint.events.join(", ")}
      </p>
      <div className="form-actions">
        <Button variant="secondary" className="btn-small" busy={test.isPending} onClick={sendTest}>
          {t("test")}
          <span className="visually-hidden"> {t("testTo", { url: endpoint.url })}</span>
        </Button>
        <ConfirmButton
          action={t("rotate")}
          subject={endpoint.url}
          title={t("rotateTitle")}
          confirmLabel={t("rotate")}
          onConfirm={async () => {
            const result = await rotate.mutateAsync(endpoint.id);
            onSecret(result.data);
            return result;
          }}
        >
          {t("rotateWarning")}
        </ConfirmButton>
      </div>
      <h4 className="small">{t("log")}</h4>
      <DeliveryLog endpoint={endpoint} />
    </ItemRow>
  );
}

/** Part 3: endpoints the product calls when cards change (Standard Webhooks). */
export function Webhooks() {
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const list = useWebhooks();
  const t = useTranslations("dashboardMore.webhooks");
  return (
    <section className="integrations-part" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">{t("title")}</h2>
      <p className="muted">{t.rich("intro", { code: (chunks) => <code>{chunks}</code> })}</p>
      {secret ? (
        <ShownOnce
          title={t("secretFor", { url: secret.url })}
          label={t("secret")}
          value={secret.secret}
          onDone={() => setSecret(null)}
        />
      ) : (
        <EndpointForm onAdded={setSecret} />
      )}
      <PartList
        list={list}
        texts={{
          loading: t("loading"),
          what: t("what"),
          emptyTitle: t("emptyTitle"),
          emptyText: t("emptyText"),
          list: t("list"),
        }}
      >
        {(endpoint) => <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />}
      </PartList>
    </section>
  );
}
