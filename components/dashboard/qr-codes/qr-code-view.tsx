"use client";

import { useState } from "react";
import { PanelHeader } from "@/components/ui/panel-header";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import { useQrCode } from "@/lib/queries/loyalty";
import { QrSecurity } from "./qr-security";

const SIZES = {
  poster: { label: "A4 poster", className: "print-poster" },
  tent: { label: "Table tent (A6)", className: "print-tent" },
} as const;

/**
 * single-qr-code: the code at print resolution as PNG and SVG downloads, and a print sheet (A4
 * poster or table tent) with the logo, the reward and "Scan to collect your stamps". The print
 * stylesheet shows only the sheet.
 */
export function QrCodeView({ id, onClose }: { id: number; onClose: () => void }) {
  const qr = useQrCode(id);
  const [size, setSize] = useState<keyof typeof SIZES>("poster");
  if (qr.isPending) return <Skeleton label="Loading the QR code…" rows={1} height="16rem" />;
  if (qr.isError) return <ErrorState what="the QR code" error={qr.error} onRetry={() => qr.refetch()} />;
  const data = qr.data;
  const file = `qr-${data.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${data.id}`;
  const svgHref = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.svg)}`;
  return (
    <section className="card qr-view" aria-labelledby="qr-view-title">
      <PanelHeader id="qr-view-title" title={`${data.label} · ${data.business_name}`} onClose={onClose} />
      <p className="small muted">
        Opens <a href={data.url}>{data.url}</a>
      </p>
      <QrSecurity qr={data} />
      <div className="form-actions">
        <a className="btn btn-secondary" href={data.png} download={`${file}.png`}>
          Download PNG
        </a>
        <a className="btn btn-secondary" href={svgHref} download={`${file}.svg`}>
          Download SVG
        </a>
        <label className="qr-size">
          <span>Print size</span>
          <select value={size} onChange={(event) => setSize(event.target.value as keyof typeof SIZES)}>
            {Object.entries(SIZES).map(([key, s]) => (
              <option key={key} value={key}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print
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
            Collect {data.stamps_required} stamps, get <strong>{data.reward_title}</strong>
          </p>
        )}
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL rendered by the API */}
        <img className="print-code" src={data.png} alt={`QR code for ${data.business_name}`} />
        <p className="print-call">Scan to collect your stamps</p>
      </div>
    </section>
  );
}
