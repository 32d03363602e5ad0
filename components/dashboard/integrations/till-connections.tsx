"use client";

import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { POS_PROVIDERS, type PosConnection, type PosProvider } from "@/lib/contract/pos";
import { useBusinessOptions } from "@/lib/queries/businesses";
import {
  useAddPosConnection,
  useDeletePosConnection,
  usePosConnections,
  usePosConnectionSettings,
  type NewPosConnection,
} from "@/lib/queries/integrations";
import { PagedList } from "../paged-list";
import { CopyField, fieldErrors, useReportError, when } from "./shared";

const PROVIDER_NAME: Record<PosProvider, string> = { shopify: "Shopify", square: "Square" };

/** Where each platform takes the URL, and which secret signs its calls. */
const HOW_TO: Record<PosProvider, { secret: string; steps: string }> = {
  shopify: {
    secret: "Your app's client secret, or the signing key shown under Settings › Notifications › Webhooks.",
    steps:
      "In Shopify admin, open Settings › Notifications › Webhooks, create a webhook for “Order payment” (orders/paid) and one for “Refund create” (refunds/create), format JSON, and paste this URL into both.",
  },
  square: {
    secret: "The signature key of the webhook subscription (Square Developer › Webhooks).",
    steps:
      "In the Square Developer dashboard, open your application › Webhooks › Subscriptions, add one with this URL as the notification URL and the events payment.updated, refund.created and refund.updated.",
  },
};

function ConnectionForm({ onAdded }: { onAdded: (added: NewPosConnection) => void }) {
  const add = useAddPosConnection();
  const businesses = useBusinessOptions();
  const report = useReportError();
  const headingId = useId();
  const [businessId, setBusinessId] = useState("");
  const [provider, setProvider] = useState<PosProvider | "">("shopify");
  const [secret, setSecret] = useState("");
  const [enrol, setEnrol] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!businessId) missing.business_id = "Choose the business the till belongs to.";
    if (!provider) missing.provider = "Choose Shopify or Square.";
    if (!secret.trim()) missing.secret = "Paste the secret the platform signs with.";
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !provider) return;
    try {
      const result = await add.mutateAsync({
        business_id: Number(businessId),
        provider,
        secret: secret.trim(),
        enrol_unknown: enrol,
      });
      toast.success(result.message);
      setSecret("");
      onAdded(result.data);
    } catch (error) {
      setErrors(fieldErrors(error));
      report(error);
    }
  };

  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h3 id={headingId}>Connect a till or web shop</h3>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-row">
          <SelectField
            label="Business"
            name="business_id"
            placeholder="Choose a business"
            required
            value={businessId}
            error={errors.business_id}
            onChange={(e) => setBusinessId(e.target.value)}
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
          />
          <SelectField
            label="Platform"
            name="provider"
            placeholder="Choose a platform"
            required
            value={provider}
            error={errors.provider}
            onChange={(e) => setProvider(e.target.value as PosProvider)}
            options={POS_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_NAME[p] }))}
          />
        </div>
        <TextField
          label="Signing secret"
          name="secret"
          type="password"
          autoComplete="off"
          required
          hint={provider ? HOW_TO[provider].secret : "The secret the platform signs its calls with."}
          value={secret}
          error={errors.secret}
          onChange={(e) => setSecret(e.target.value)}
        />
        <label className="checkbox">
          <input type="checkbox" name="enrol_unknown" checked={enrol} onChange={(e) => setEnrol(e.target.checked)} />
          Give a card to customers who don&apos;t have one yet (off: their orders are only counted)
        </label>
        <div className="form-actions">
          <Button type="submit" busy={add.isPending}>
            Connect
          </Button>
        </div>
      </form>
    </section>
  );
}

function Added({ added, onDone }: { added: NewPosConnection; onDone: () => void }) {
  const headingId = useId();
  return (
    <section className="card shown-once" aria-labelledby={headingId} role="status">
      <h3 id={headingId}>Now paste this URL into {PROVIDER_NAME[added.provider]}</h3>
      <CopyField label="Webhook URL" value={added.webhook_url} />
      <p>{HOW_TO[added.provider].steps}</p>
      <button type="button" className="btn btn-secondary" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

function ConnectionRow({ connection }: { connection: PosConnection }) {
  const remove = useDeletePosConnection();
  const settings = usePosConnectionSettings();
  const report = useReportError();
  const name = `${PROVIDER_NAME[connection.provider]} for ${connection.business_name}`;
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
        title: `Disconnect ${name}?`,
        warning: `Orders ${PROVIDER_NAME[connection.provider]} sends to this URL will no longer earn. Cards keep what they earned.`,
        confirmLabel: "Disconnect",
        action: "Disconnect",
        onConfirm: () => remove.mutateAsync(connection.id),
      }}
    >
      <CopyField label={`Webhook URL of ${name}`} value={connection.webhook_url} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={connection.enrol_unknown}
          disabled={settings.isPending}
          onChange={(e) => toggle(e.target.checked)}
        />
        Give a card to customers who don&apos;t have one yet
      </label>
      <p className="small">
        <span className="badge badge-warning">{connection.unknown_customers} unknown customers</span>{" "}
        <span className="badge badge-warning">{connection.currency_errors} in another currency</span>
      </p>
      <h4 className="small">Last orders</h4>
      {connection.last_orders.length === 0 ? (
        <p className="muted small">No order has earned yet.</p>
      ) : (
        <ul className="order-list" aria-label={`Last orders of ${name}`}>
          {connection.last_orders.map((order) => (
            <li key={order.order_id} className="small">
              Order <code>{order.order_id}</code>: {order.customer_name ?? order.serial ?? "a customer"} earned{" "}
              <strong>
                {order.earned} {order.earned === 1 && order.unit === "stamps" ? "stamp" : order.unit}
              </strong>
              {order.amount && ` on ${order.amount}`}
              {order.refunded_at && ` (refunded ${order.refunded})`} · {when(order.created_at)}
            </li>
          ))}
        </ul>
      )}
      {connection.last_unknown.length > 0 && (
        <>
          <h4 className="small">Orders that earned nothing</h4>
          <ul className="order-list" aria-label={`Orders of ${name} that earned nothing`}>
            {connection.last_unknown.map((order) => (
              <li key={`${order.order_id}-${order.reason}`} className="small">
                Order <code>{order.order_id}</code>:{" "}
                {order.reason === "currency"
                  ? "paid in another currency"
                  : `no card for ${order.email ?? order.phone ?? "this customer"}`}{" "}
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
  return (
    <section className="integrations-part" aria-labelledby="till-heading">
      <h2 id="till-heading">Till connections</h2>
      <p className="muted">
        A Shopify store or Square account sends its paid orders here: each one earns on the customer&apos;s card (by
        email or phone), once per order, and a refund takes it back.
      </p>
      {added ? <Added added={added} onDone={() => setAdded(null)} /> : <ConnectionForm onAdded={setAdded} />}
      <PagedList
        list={list}
        what="your till connections"
        pages="Till connections"
        onPage={setPage}
        empty={<EmptyState title="No till connected yet">Connect Shopify or Square above.</EmptyState>}
      >
        {(connection) => <ConnectionRow key={connection.id} connection={connection} />}
      </PagedList>
    </section>
  );
}
