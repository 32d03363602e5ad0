"use client";

import { useTranslations } from "next-intl";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { errorMessage } from "@/lib/browser/api-client";
import type { QrCode } from "@/contract/qr-codes";
import { useQrMode, useRegenerateQr } from "@/lib/browser/queries/loyalty";
import { DeviceLinks } from "./device-links";

/**
 * How a QR code resists copies: static or rotating (a code on the counter screen
 * that changes every 30 s), the counter screen itself, and a new token for a photographed code.
 */
export function QrSecurity({ qr }: { qr: QrCode }) {
  const mode = useQrMode();
  const regenerate = useRegenerateQr();
  const rotating = qr.mode === "rotating";
  const t = useTranslations("dashboardMore.qrSecurity");
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
        {t("heading")}{" "}
        <span className={rotating ? "badge badge-success" : "badge badge-info"}>
          {rotating ? t("rotatingBadge") : t("staticBadge")}
        </span>
      </h3>
      <p className="small muted">{rotating ? t("rotatingText") : t("staticText")}</p>
      <div className="form-actions">
        {rotating && (
          <a className="btn btn-primary" href={`/counter/${qr.id}`} target="_blank" rel="noopener">
            {t("openCounter")}
          </a>
        )}
        <Button type="button" variant="secondary" busy={mode.isPending} onClick={switchMode}>
          {rotating ? t("useStatic") : t("useRotating")}
        </Button>
        <ConfirmButton
          action={t("regenerate")}
          subject={qr.label}
          title={t("regenerateTitle", { label: qr.label })}
          confirmLabel={t("regenerateConfirm")}
          onConfirm={async () => (await regenerate.mutateAsync(qr.id)) as { message: string }}
        >
          {t("regenerateWarning")}
        </ConfirmButton>
      </div>
      {rotating && <DeviceLinks qrId={qr.id} />}
    </section>
  );
}
