"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { errorMessage } from "@/lib/browser/api-client";
import { useAddCounterDevice, useCounterDevices, useRevokeCounterDevice } from "@/lib/browser/queries/loyalty";

/**
 * Device links: a shop tablet signed in to this QR code's counter screen and nothing else. The
 * owner names one, opens its link once on the tablet, and revokes it here.
 */
export function DeviceLinks({ qrId }: { qrId: number }) {
  const devices = useCounterDevices(qrId);
  const add = useAddCounterDevice(qrId);
  const revoke = useRevokeCounterDevice(qrId);
  const [link, setLink] = useState<string | null>(null);
  const nameId = useId();
  const t = useTranslations("dashboardMore.devices");
  const format = useFormatter();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    try {
      const result = await add.mutateAsync(name);
      setLink(result.data.link);
      form.reset();
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const live = (devices.data?.items ?? []).filter((d) => !d.revoked_at);
  return (
    <div className="device-links">
      <h4>{t("heading")}</h4>
      <form className="device-add" onSubmit={submit}>
        <label htmlFor={nameId} className="visually-hidden">
          {t("name")}
        </label>
        <input id={nameId} name="name" placeholder={t("namePlaceholder")} maxLength={60} required />
        <Button type="submit" variant="secondary" busy={add.isPending}>
          {t("create")}
        </Button>
      </form>
      {link && (
        <div className="device-link" role="status">
          <p className="small">{t("openOnce")}</p>
          <input readOnly value={link} aria-label={t("link")} onFocus={(event) => event.currentTarget.select()} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success(t("copied")))}
          >
            {t("copy")}
          </button>
        </div>
      )}
      {live.length > 0 && (
        <ul className="device-list" aria-label={t("links")}>
          {live.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.name}</strong>{" "}
                <span className="small muted">
                  {d.claimed_at
                    ? d.last_seen_at
                      ? t("lastSeen", { when: format.dateTime(new Date(d.last_seen_at), "dayTime") })
                      : t("signedIn")
                    : t("notOpened")}
                </span>
              </span>
              <ConfirmButton
                action={t("revoke")}
                subject={d.name}
                title={t("revokeTitle", { name: d.name })}
                confirmLabel={t("revokeConfirm")}
                onConfirm={async () => (await revoke.mutateAsync(d.id)) as { message: string }}
              >
                {t("revokeWarning")}
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
