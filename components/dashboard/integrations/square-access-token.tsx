"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { TextField } from "@/components/ui/text-field";
import type { PosConnection } from "@/contract/pos";
import { usePosConnectionSettings } from "@/lib/browser/queries/integrations";
import { fieldErrors, useReportError } from "./shared";
import { Button } from "@/components/ui/button";

/** A Square connection's access token: saved or not (never shown), replaced or removed. */
export function SquareAccessToken({ connection, name }: { connection: PosConnection; name: string }) {
  const settings = usePosConnectionSettings();
  const report = useReportError();
  const t = useTranslations("dashboardMore.till");
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | undefined>();
  const save = async (accessToken: string | null) => {
    setError(undefined);
    try {
      toast.success((await settings.mutateAsync({ id: connection.id, access_token: accessToken })).message);
      setToken("");
    } catch (failure) {
      setError(fieldErrors(failure).access_token);
      report(failure);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setError(t("accessTokenMissing"));
    void save(token.trim());
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={t("accessTokenOf", { name })}>
      <p className="small">{connection.has_access_token ? t("accessTokenSaved") : t("accessTokenNone")}</p>
      <TextField
        label={connection.has_access_token ? t("accessTokenReplace") : t("accessToken")}
        name="access_token"
        type="password"
        autoComplete="off"
        value={token}
        error={error}
        onChange={(e) => setToken(e.target.value)}
      />
      <div className="form-actions">
        <Button type="submit" variant="secondary" disabled={settings.isPending}>
          {t("accessTokenSave")}
        </Button>
        {connection.has_access_token && (
          <button type="button" className="btn btn-secondary" disabled={settings.isPending} onClick={() => save(null)}>
            {t("accessTokenRemove")}
          </button>
        )}
      </div>
    </form>
  );
}
