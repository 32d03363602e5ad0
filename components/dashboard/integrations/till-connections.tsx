"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { POS_PROVIDERS, type PosConnection, type PosProvider, type PosSkippedOrder } from "@/contract/pos";
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
import { SquareAccessToken } from "./square-access-token";

const PROVIDER_NAME: Record<PosProvider, string> = { shopify: "Shopify", square: "Square" };

/* Where each platform takes the URL, and which secret signs its calls: `howTo.<provider>` in the messages. */

function ConnectionForm({ onAdded }: { onAdded: (added: NewPosConnection) => void }) {
  const businesses = useBusinessOptions();
  const t = useTranslations("dashboardMore.till");
  const { errors, submit, busy } = useAddForm(useAddPosConnection(), onAdded);
  const [businessId, setBusinessId] = useState("");
  const [provider, setProvider] = useState<PosProvider | "">("shopify");
  const [secret, setSecret] = useState("");
  const [accessToken, setAccessToken] = useState("");
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
          ? {
              business_id: Number(businessId),
              provider,
              secret: secret.trim(),
              ...(provider === "square" && accessToken.trim() && { access_token: accessToken.trim() }),
              enrol_unknown: enrol,
            }
          : undefined,
      () => {
        setSecret("");
        setAccessToken("");
      },
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
      {provider === "square" && (
        <TextField
          label={t("accessToken")}
          name="access_token"
          type="password"
          autoComplete="off"
          hint={t("accessTokenHint")}
          value={accessToken}
          error={errors.access_token}
          onChange={(e) => setAccessToken(e.target.value)}
        />
      )}
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

/** Why an order earned nothing, in the owner's words. */
function SkippedReason({ order }: { order: PosSkippedOrder }) {
  const t = useTranslations("dashboardMore.till");
  switch (order.reason) {
    case "currency":
      return <>{t("paidOther")}</>;
    case "bad-amount":
      return <>{t("badAmount")}</>;
    case "above-limit":
      return <>{t("aboveLimit")}</>;
    default:
      return <>{t("noCard", { who: order.email ?? order.phone ?? t("thisCustomer") })}</>;
  }
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
      {connection.provider === "square" && <SquareAccessToken connection={connection} name={name} />}
      <p className="small">
        <span className="badge badge-warning">{t("unknown", { count: connection.unknown_customers })}</span>{" "}
        <span className="badge badge-warning">{t("otherCurrency", { count: connection.currency_errors })}</span>
        {connection.skipped["bad-amount"] > 0 && (
          <>
            {" "}
            <span className="badge badge-warning">{t("badAmounts", { count: connection.skipped["bad-amount"] })}</span>
          </>
        )}
        {connection.skipped["above-limit"] > 0 && (
          <>
            {" "}
            <span className="badge badge-warning">
              {t("aboveLimits", { count: connection.skipped["above-limit"] })}
            </span>
          </>
        )}
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
      {connection.last_skipped.length > 0 && (
        <>
          <h4 className="small">{t("nothing")}</h4>
          <ul className="order-list" aria-label={t("nothingOf", { name })}>
            {connection.last_skipped.map((order) => (
              <li key={`${order.order_id}-${order.reason}`} className="small">
                {t.rich("order", { order: order.order_id, code: (chunks) => <code>{chunks}</code> })}{" "}
                <SkippedReason order={order} /> · {when(order.created_at)}
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
