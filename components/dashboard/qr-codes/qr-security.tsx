"use client";

import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { errorMessage } from "@/lib/api-client";
import type { QrCode } from "@/lib/contract/qr-codes";
import { useQrMode, useRegenerateQr } from "@/lib/queries/loyalty";
import { DeviceLinks } from "./device-links";

/**
 * How a QR code resists copies (issue 15 §1–2): static or rotating (a code on the counter screen
 * that changes every 30 s), the counter screen itself, and a new token for a photographed code.
 */
export function QrSecurity({ qr }: { qr: QrCode }) {
  const mode = useQrMode();
  const regenerate = useRegenerateQr();
  const rotating = qr.mode === "rotating";
  const switchMode = async () => {
    try {
      const result = await mode.mutateAsync({ qr_id: qr.id, mode: rotating ? "static" : "rotating" });
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <section className="qr-security" aria-labelledby={`qr-security-${qr.id}`}>
      <h3 id={`qr-security-${qr.id}`}>
        Protection{" "}
        <span className={rotating ? "badge badge-success" : "badge badge-info"}>
          {rotating ? "Rotating code" : "Static code"}
        </span>
      </h3>
      <p className="small muted">
        {rotating
          ? "Customers scan the code on your counter screen; it changes every 30 seconds, so a photo of it stops working within a minute. The printed code alone does not stamp."
          : "The printed code stamps whenever the reward's wait and daily limit allow. Anyone with a photo of it can scan it from home: rotate it to stop that."}
      </p>
      <div className="form-actions">
        {rotating && (
          <a className="btn btn-primary" href={`/counter/${qr.id}`} target="_blank" rel="noopener">
            Open counter screen
          </a>
        )}
        <Button type="button" variant="secondary" busy={mode.isPending} onClick={switchMode}>
          {rotating ? "Use the printed code instead" : "Rotate the code on a counter screen"}
        </Button>
        <ConfirmButton
          action="Regenerate"
          subject={qr.label}
          title={`Regenerate ${qr.label}?`}
          confirmLabel="Regenerate code"
          onConfirm={async () => (await regenerate.mutateAsync(qr.id)) as { message: string }}
        >
          The current code stops working at once: print the new one and replace it. The label, reward, cards and stamps
          stay as they are.
        </ConfirmButton>
      </div>
      {rotating && <DeviceLinks qrId={qr.id} />}
    </section>
  );
}
