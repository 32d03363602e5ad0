"use client";

import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/query-state";
import type { QrCode } from "@/lib/contract/qr-codes";
import { useDeleteQr, useQrCodes } from "@/lib/queries/loyalty";
import { usePageInRange } from "../use-page";
import { QrCodeForm } from "./qr-code-form";
import { QrCodeView } from "./qr-code-view";
import "./print.css";

function QrRow({ qr, onView }: { qr: QrCode; onView: () => void }) {
  const remove = useDeleteQr();
  return (
    <li className="item-card">
      <div className="item-main">
        <h3>
          {qr.label} {qr.mode === "rotating" && <span className="badge badge-success">Rotating</span>}
        </h3>
        <p className="muted small">
          {qr.business_name}
          {qr.address && ` · ${qr.address}`} · {qr.reward_title ?? "no reward"} · {qr.scans_count} scan
          {qr.scans_count === 1 ? "" : "s"}
        </p>
      </div>
      <div className="item-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={onView}>
          <span aria-hidden="true">View and print</span>
          <span className="visually-hidden">View and print {qr.label}</span>
        </button>
        <ConfirmButton
          subject={qr.label}
          title={`Delete ${qr.label}?`}
          confirmLabel="Delete QR code"
          onConfirm={async () => (await remove.mutateAsync(qr.id)) as { message: string }}
        >
          The printed code stops working at once. Customers keep their cards and stamps.
        </ConfirmButton>
      </div>
    </li>
  );
}

export function QrCodeSection() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useQrCodes(page);
  usePageInRange(list.data, setPage);
  return (
    <>
      <h1 className="page-title">My QR codes</h1>
      {viewing !== null ? (
        <QrCodeView id={viewing} onClose={() => setViewing(null)} />
      ) : (
        <QrCodeForm onCreated={setViewing} />
      )}
      {list.isPending ? (
        <Skeleton label="Loading your QR codes…" height="3rem" />
      ) : list.isError ? (
        <ErrorState what="your QR codes" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState title="No QR codes yet">
          Generate a QR code for your counter or tables, above. Customers scan it with their phone to get their stamp
          card.
        </EmptyState>
      ) : (
        <>
          <ul className="item-list" aria-label="Your QR codes">
            {list.data.items.map((qr) => (
              <QrRow key={qr.id} qr={qr} onView={() => setViewing(qr.id)} />
            ))}
          </ul>
          <Pagination data={list.data} onPage={setPage} label="QR codes" />
        </>
      )}
    </>
  );
}
