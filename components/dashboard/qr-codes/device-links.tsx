"use client";

import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { errorMessage } from "@/lib/api-client";
import { useAddCounterDevice, useCounterDevices, useRevokeCounterDevice } from "@/lib/queries/loyalty";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

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
      <h4>Tablets showing this screen</h4>
      <form className="device-add" onSubmit={submit}>
        <label htmlFor={nameId} className="visually-hidden">
          Tablet name
        </label>
        <input id={nameId} name="name" placeholder="Tablet name, e.g. Till 1" maxLength={60} required />
        <Button type="submit" variant="secondary" busy={add.isPending}>
          Create device link
        </Button>
      </form>
      {link && (
        <div className="device-link" role="status">
          <p className="small">
            Open this link on the tablet. It works once and keeps the tablet signed in to this screen only:
          </p>
          <input readOnly value={link} aria-label="Device link" onFocus={(event) => event.currentTarget.select()} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success("Link copied."))}
          >
            Copy
          </button>
        </div>
      )}
      {live.length > 0 && (
        <ul className="device-list" aria-label="Device links">
          {live.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.name}</strong>{" "}
                <span className="small muted">
                  {d.claimed_at
                    ? `signed in${d.last_seen_at ? `, last seen ${when.format(new Date(d.last_seen_at))}` : ""}`
                    : "link not opened yet"}
                </span>
              </span>
              <ConfirmButton
                action="Revoke"
                subject={d.name}
                title={`Revoke ${d.name}?`}
                confirmLabel="Revoke device"
                onConfirm={async () => (await revoke.mutateAsync(d.id)) as { message: string }}
              >
                The tablet is signed out of the counter screen at once.
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
