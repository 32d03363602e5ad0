"use client";

import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type NewApiKey } from "@/lib/contract/api-keys";
import { useAddApiKey, useApiKeys, useRevokeApiKey } from "@/lib/queries/integrations";
import { CheckboxGroup, fieldErrors, ShownOnce, useReportError, when } from "./shared";

const SCOPE_MEANS: Record<ApiKeyScope, string> = {
  "cards:read": "read cards and their history",
  "cards:write": "enrol customers, earn and redeem",
  "customers:read": "list customers",
  "messages:write": "send messages to card holders",
};

function KeyForm({ onAdded }: { onAdded: (key: NewApiKey) => void }) {
  const add = useAddApiKey();
  const report = useReportError();
  const headingId = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["cards:read"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (name.trim().length < 2) missing.name = "Name the key (at least 2 characters), e.g. the system that uses it.";
    if (scopes.length === 0) missing.scopes = "Choose at least one scope.";
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const result = await add.mutateAsync({ name: name.trim(), scopes });
      toast.success(result.message);
      setName("");
      onAdded(result.data);
    } catch (error) {
      setErrors(fieldErrors(error));
      report(error);
    }
  };
  return (
    <section className="card form-card" aria-labelledby={headingId}>
      <h3 id={headingId}>Create an API key</h3>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Key name"
          name="name"
          required
          maxLength={60}
          hint="What uses it, e.g. “Website sign-up”."
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <CheckboxGroup
          legend="What the key may do"
          options={API_KEY_SCOPES}
          value={scopes}
          onChange={setScopes}
          error={errors.scopes}
          describe={(scope) => SCOPE_MEANS[scope]}
        />
        <div className="form-actions">
          <Button type="submit" busy={add.isPending}>
            Create key
          </Button>
        </div>
      </form>
    </section>
  );
}

function KeyDetails({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      <p className="small">
        <code>{apiKey.prefix}…</code> · {apiKey.scopes.join(", ")}
      </p>
      <p className="muted small">
        Created {when(apiKey.created_at)} · last used {when(apiKey.last_used_at)}
        {apiKey.revoked_at && ` · revoked ${when(apiKey.revoked_at)}`}
      </p>
    </>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  if (apiKey.revoked_at) {
    return (
      <li className="item-card">
        <div className="item-main">
          <h3>
            {apiKey.name} <span className="badge badge-warning">Revoked</span>
          </h3>
          <KeyDetails apiKey={apiKey} />
        </div>
      </li>
    );
  }
  return (
    <ItemRow
      name={apiKey.name}
      remove={{
        action: "Revoke",
        title: `Revoke ${apiKey.name}?`,
        warning: "Whatever uses this key is refused from its next request. This cannot be undone.",
        confirmLabel: "Revoke key",
        onConfirm: () => revoke.mutateAsync(apiKey.id),
      }}
    >
      <KeyDetails apiKey={apiKey} />
    </ItemRow>
  );
}

/** Part 2: keys to the public API (/api/v1), each shown once. */
export function ApiKeys() {
  const [added, setAdded] = useState<NewApiKey | null>(null);
  const list = useApiKeys();
  return (
    <section className="integrations-part" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <p className="muted">
        Keys let your own systems use the public API at <code>/api/v1</code>: send it as{" "}
        <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      {added ? (
        <ShownOnce
          title={`Your new key “${added.name}”`}
          label="API key"
          value={added.key}
          onDone={() => setAdded(null)}
        />
      ) : (
        <KeyForm onAdded={setAdded} />
      )}
      {list.isPending ? (
        <Skeleton label="Loading your API keys…" rows={2} />
      ) : list.isError ? (
        <ErrorState what="your API keys" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No API keys yet">Create one above when a system of yours needs the API.</EmptyState>
      ) : (
        <ul className="item-list" aria-label="Your API keys">
          {list.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
