"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { POS_PROVIDERS, type PosConnection, type PosProvider } from "@/contract/pos";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import {
  useAddPosConnection,
  useDeletePosConnection,
  usePosConnections,
  usePosConnectionSettings,
  type NewPosConnection,
} from "@/lib/browser/queries/integrations";
import { PagedList } from "../paged-list";
import { AddFormCard, useAddForm, CopyField, useReportError, useWhen } from "./shared";

const PROVIDER_NAME: Record<PosProvider, string> = { shopify: "Shopify", square: "Square" };

/* Where each platform takes the URL, and which secret signs its calls: `howTo.<provider>` in the messages. */

function ConnectionForm({ onAdded }: { onAdded: (added: NewPosConnection) => void }) {
  const businesses = useBusinessOptions();
  const t = useTranslations("dashboardMore.till");
  const { errors, submit, busy } = useAddForm(useAddPosConnection(), onAdded);
  const [businessId, setBusinessId] = useState("");
  const [provider, setProvider] = useState<PosProvider | "">("shopify");
  const [secret, setSecret] = useState("");
  const [enrol, setEnrol] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!businessId) missing.business_id = t("businessMissing");
    if (!provider) missing.provider = t("providerMissing");
    if (!secret.trim()) missing.secret = t("secretMissing");
    void submit(
      missing,
      () =>
        provider
          ? { business_id: Number(businessId), provider, secret: secret.trim(), enrol_unknown: enrol }
          : undefined,
      () => setSecret(""),
    );
  };

  return (
    <AddFormCard heading={t("connectHeading")} submitLabel={t("connect")} busy={busy} onSubmit={onSubmit}>
      <div className="form-row">
        <SelectField
          label={t("business")}
          name="business_id"
          placeholder={t("chooseBusiness")}
          required
          value={businessId}
          error={errors.business_id}
          onChange={(e) => setBusinessId(e.target.value)}
          options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
        />
        <SelectField
          label={t("platform")}
          name="provider"
          placeholder={t("choosePlatform")}
          required
          value={provider}
          error={errors.provider}
          onChange={(e) => setProvider(e.target.value as PosProvider)}
          options={POS_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_NAME[p] }))}
        />
      </div>
      <TextField
        label={t("secret")}
        name="secret"
        type="password"
        autoComplete="off"
        required
        hint={provider ? t(`howTo.${provider}.secret`) : t("secretHint")}
        value={secret}
        error={errors.secret}
        onChange={(e) => setSecret(e.target.value)}
      />
      <label className="checkbox">
        <input type="checkbox" name="enrol_unknown" checked={enrol} onChange={(e) => setEnrol(e.target.checked)} />
        {t("enrolNew")}
      </label>
    </AddFormCard>
  );
}

function Added({ added, onDone }: { added: NewPosConnection; onDone: () => void }) {
  const headingId = useId();
  const t = useTranslations("dashboardMore.till");
  return (
    <section className="card shown-once" aria-labelledby={headingId} role="status">
      <h3 id={headingId}>{t("pasteInto", { platform: PROVIDER_NAME[added.provider] })}</h3>
      <CopyField label={t("url")} value={added.webhook_url} />
      <p>{t(`howTo.${added.provider}.steps`)}</p>
      <button type="button" className="btn btn-secondary" onClick={onDone}>
        {t("done")}
      </button>
    </section>
  );
}

function ConnectionRow({ connection }: { connection: PosConnection }) {
  const remove = useDeletePosConnection();
  const settings = usePosConnectionSettings();
  const report = useReportError();
  const t = useTranslations("dashboardMore.till");
  const when = useWhen();
  const name = t("name", { platform: PROVIDER_NAME[connection.provider], business: connection.business_name });
  const toggle = async (enrol: boolean) => {
    try {
      toast.success((await settings.mutateAsync({ id: connection.id, enrol_unknown: enrol })).message);
    } catch (error) {
      report(error);
    }
  };
  return (
    <ItemRow
      name={name}
      remove={{
        title: t("disconnectTitle", { name }),
        warning: t("disconnectWarning", { platform: PROVIDER_NAME[connection.provider] }),
        confirmLabel: t("disconnect"),
        action: t("disconnect"),
        onConfirm: () => remove.mutateAsync(connection.id),
      }}
    >
      <CopyField label={t("urlOf", { name })} value={connection.webhook_url} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={connection.enrol_unknown}
          disabled={settings.isPending}
          onChange={(e) => toggle(e.target.checked)}
        />
        {t("enrol")}
      </label>
      <p className="small">
        <span className="badge badge-warning">{t("unknown", { count: connection.unknown_customers })}</span>{" "}
        <span className="badge badge-warning">{t("otherCurrency", { count: connection.currency_errors })}</span>
      </p>
      <h4 className="small">{t("lastOrders")}</h4>
      {connection.last_orders.length === 0 ? (
        <p className="muted small">{t("noOrders")}</p>
      ) : (
        <ul className="order-list" aria-label={t("lastOrdersOf", { name })}>
          {connection.last_orders.map((order) => (
            <li key={order.order_id} className="small">
              {t.rich("earned", {
                order: order.order_id,
                who: order.customer_name ?? order.serial ?? t("aCustomer"),
                count: order.earned,
                unit: order.unit,
                code: (chunks) => <code>{chunks}</code>,
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
              {order.amount && ` ${t("onAmount", { amount: order.amount })}`}
              {order.refunded_at && ` ${t("refunded", { refunded: order.refunded })}`} · {when(order.created_at)}
            </li>
          ))}
        </ul>
      )}
      {connection.last_unknown.length > 0 && (
        <>
          <h4 className="small">{t("nothing")}</h4>
          <ul className="order-list" aria-label={t("nothingOf", { name })}>
            {connection.last_unknown.map((order) => (
              <li key={`${order.order_id}-${order.reason}`} className="small">
                {t.rich("order", { order: order.order_id, code: (chunks) => <code>{chunks}</code> })}{" "}
                {order.reason === "currency"
                  ? t("paidOther")
                  : t("noCard", { who: order.email ?? order.phone ?? t("thisCustomer") })}{" "}
                · {when(order.created_at)}
              </li>
            ))}
          </ul>
        </>
      )}
    </ItemRow>
  );
}

/** Part 1: till connections (Shopify, Square) whose paid orders earn on customers' cards. */
export function TillConnections() {
  const [page, setPage] = useState(1);
  const [added, setAdded] = useState<NewPosConnection | null>(null);
  const list = usePosConnections(page);
  const t = useTranslations("dashboardMore.till");
  return (
    <section className="integrations-part" aria-labelledby="till-heading">
      <h2 id="till-heading">{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      {added ? <Added added={added} onDone={() => setAdded(null)} /> : <ConnectionForm onAdded={setAdded} />}
      <PagedList
        list={list}
        what={t("what")}
        pages={t("title")}
        onPage={setPage}
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(connection) => <ConnectionRow key={connection.id} connection={connection} />}
      </PagedList>
    </section>
  );
}
