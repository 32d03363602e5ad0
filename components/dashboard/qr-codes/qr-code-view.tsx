"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { useQrCode } from "@/lib/browser/queries/loyalty";
import { webKind } from "@/components/kinds";
import { QrSecurity } from "./qr-security";

const SIZES = {
  poster: { className: "print-poster" },
  tent: { className: "print-tent" },
} as const;

/**
 * single-qr-code: the code at print resolution as PNG and SVG downloads, and a print sheet (A4
 * poster or table tent) with the logo, the reward and "Scan to collect your stamps". The print
 * stylesheet shows only the sheet.
 */
export function QrCodeView({ id, onClose }: { id: number; onClose: () => void }) {
  const qr = useQrCode(id);
  const [size, setSize] = useState<keyof typeof SIZES>("poster");
  const t = useTranslations("dashboardMore.qrView");
  const kt = useTranslations(webKind(qr.data?.reward_kind).ns);
  if (qr.isPending) return <Skeleton label={t("loading")} rows={1} height="16rem" />;
  if (qr.isError) return <ErrorState what={t("what")} error={qr.error} onRetry={() => qr.refetch()} />;
  const data = qr.data;
  const file = `qr-${data.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${data.id}`;
  const svgHref = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.svg)}`;
  return (
    <section className="card qr-view" aria-labelledby="qr-view-title">
      <PanelHeader id="qr-view-title" title={`${data.label} · ${data.business_name}`} onClose={onClose} />
      <p className="small muted qr-view-url">
        {t.rich("opens", {
          link: () => (
            <a href={data.url} data-user-content>
              {data.url}
            </a>
          ),
        })}
      </p>
      <QrSecurity qr={data} />
      <div className="form-actions">
        <a className="btn btn-secondary" href={data.png} download={`${file}.png`}>
          {t("png")}
        </a>
        <a className="btn btn-secondary" href={svgHref} download={`${file}.svg`}>
          {t("svg")}
        </a>
        <label className="qr-size">
          <span>{t("size")}</span>
          <select value={size} onChange={(event) => setSize(event.target.value as keyof typeof SIZES)}>
            {Object.keys(SIZES).map((key) => (
              <option key={key} value={key}>
                {t(`sizes.${key as keyof typeof SIZES}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("print")}
        </button>
      </div>
      <div className={`print-sheet ${SIZES[size].className}`} data-testid="print-sheet">
        {data.business_logo && (
          // eslint-disable-next-line @next/next/no-img-element -- a stored logo, printed as is
          <img className="print-logo" src={data.business_logo} alt="" />
        )}
        <p className="print-business">{data.business_name}</p>
        {data.reward_title && (
          <p className="print-reward">
            {kt.rich("poster", {
              count: data.stamps_required ?? 0,
              reward: data.reward_title,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        )}
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL rendered by the API */}
        <img className="print-code" src={data.png} alt={t("alt", { name: data.business_name })} />
        <p className="print-call">{kt("posterCall")}</p>
      </div>
    </section>
  );
}
