"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { TextField } from "@/components/ui/text-field";
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, type NewApiKey } from "@/contract/api-keys";
import { useAddApiKey, useApiKeys, useRevokeApiKey } from "@/lib/browser/queries/integrations";
import { AddFormCard, PartList, useAddForm, CheckboxGroup, ShownOnce, useWhen } from "./shared";

function KeyForm({ onAdded }: { onAdded: (key: NewApiKey) => void }) {
  const t = useTranslations("dashboardMore.apiKeys");
  const { errors, submit, busy } = useAddForm(useAddApiKey(), onAdded);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["cards:read"]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (name.trim().length < 2) missing.name = t("nameMissing");
    if (scopes.length === 0) missing.scopes = t("scopesMissing");
    void submit(
      missing,
      () => ({ name: name.trim(), scopes }),
      () => setName(""),
    );
  };
  return (
    <AddFormCard heading={t("create")} submitLabel={t("submit")} busy={busy} onSubmit={onSubmit}>
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
    </AddFormCard>
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
        {(apiKey) => <KeyRow key={apiKey.id} apiKey={apiKey} />}
      </PartList>
    </section>
  );
}
