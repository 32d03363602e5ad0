"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import { TextField } from "@/components/ui/text-field";
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type NewApiKey } from "@/lib/contract/api-keys";
import { useAddApiKey, useApiKeys, useRevokeApiKey } from "@/lib/queries/integrations";
import { CheckboxGroup, fieldErrors, ShownOnce, useReportError, useWhen } from "./shared";

function KeyForm({ onAdded }: { onAdded: (key: NewApiKey) => void }) {
  const add = useAddApiKey();
  const report = useReportError();
  const headingId = useId();
  const t = useTranslations("dashboardMore.apiKeys");
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["cards:read"]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (name.trim().length < 2) missing.name = t("nameMissing");
    if (scopes.length === 0) missing.scopes = t("scopesMissing");
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
      <h3 id={headingId}>{t("create")}</h3>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t("name")}
          name="name"
          required
          maxLength={60}
          hint={t("nameHint")}
          value={name}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <CheckboxGroup
          legend={t("scopes")}
          options={API_KEY_SCOPES}
          value={scopes}
          onChange={setScopes}
          error={errors.scopes}
          describe={(scope) => t(`scope.${scope.replace(":", "_") as "cards_read"}`)}
        />
        <div className="form-actions">
          <Button type="submit" busy={add.isPending}>
            {t("submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}

function KeyDetails({ apiKey }: { apiKey: ApiKey }) {
  const t = useTranslations("dashboardMore.apiKeys");
  const when = useWhen();
  return (
    <>
      <p className="small">
        <code>{apiKey.prefix}…</code> · {apiKey.scopes.join(", ")}
      </p>
      <p className="muted small">
        {t("created", { created: when(apiKey.created_at), used: when(apiKey.last_used_at) })}
        {apiKey.revoked_at && ` · ${t("revokedAt", { when: when(apiKey.revoked_at) })}`}
      </p>
    </>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const t = useTranslations("dashboardMore.apiKeys");
  if (apiKey.revoked_at) {
    return (
      <li className="item-card">
        <div className="item-main">
          <h3>
            {apiKey.name} <span className="badge badge-warning">{t("revoked")}</span>
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
        action: t("revoke"),
        title: t("revokeTitle", { name: apiKey.name }),
        warning: t("revokeWarning"),
        confirmLabel: t("revokeConfirm"),
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
  const t = useTranslations("dashboardMore.apiKeys");
  return (
    <section className="integrations-part" aria-labelledby="keys-heading">
      <h2 id="keys-heading">{t("title")}</h2>
      <p className="muted">
        {t.rich("intro", {
          code: (chunks) => <code>{chunks}</code>,
          path: "/api/v1",
          header: "Authorization: Bearer <key>",
        })}
      </p>
      {added ? (
        <ShownOnce
          title={t("newKey", { name: added.name })}
          label={t("key")}
          value={added.key}
          onDone={() => setAdded(null)}
        />
      ) : (
        <KeyForm onAdded={setAdded} />
      )}
      {list.isPending ? (
        <Skeleton label={t("loading")} rows={2} />
      ) : list.isError ? (
        <ErrorState what={t("what")} error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
      ) : (
        <ul className="item-list" aria-label={t("list")}>
          {list.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      )}
    </section>
  );
}
