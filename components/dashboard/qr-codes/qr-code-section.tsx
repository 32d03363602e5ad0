"use client";

import { useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { QrCode } from "@/lib/contract/qr-codes";
import { useDeleteQr, useQrCodes } from "@/lib/queries/loyalty";
import { PagedList } from "../paged-list";
import { QrCodeForm } from "./qr-code-form";
import { QrCodeView } from "./qr-code-view";
import "./print.css";

function QrRow({ qr, onView }: { qr: QrCode; onView: () => void }) {
  const remove = useDeleteQr();
  return (
    <ItemRow
      name={qr.label}
      heading={
        <>
          {qr.label} {qr.mode === "rotating" && <span className="badge badge-success">Rotating</span>}
        </>
      }
      edit={{ label: "View and print", onClick: onView }}
      remove={{
        title: `Delete ${qr.label}?`,
        warning: "The printed code stops working at once. Customers keep their cards and stamps.",
        confirmLabel: "Delete QR code",
        onConfirm: () => remove.mutateAsync(qr.id),
      }}
    >
      <p className="muted small">
        {qr.business_name}
        {qr.address && ` · ${qr.address}`} · {qr.reward_title ?? "no reward"} · {qr.scans_count} scan
        {qr.scans_count === 1 ? "" : "s"}
      </p>
    </ItemRow>
  );
}

export function QrCodeSection() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useQrCodes(page);
  return (
    <>
      <h1 className="page-title">My QR codes</h1>
      {viewing !== null ? (
        <QrCodeView id={viewing} onClose={() => setViewing(null)} />
      ) : (
        <QrCodeForm onCreated={setViewing} />
      )}
      <PagedList
        list={list}
        what="your QR codes"
        pages="QR codes"
        onPage={setPage}
        rowHeight="3rem"
        empty={
          <EmptyState title="No QR codes yet">
            Generate a QR code for your counter or tables, above. Customers scan it with their phone to get their stamp
            card.
          </EmptyState>
        }
      >
        {(qr) => <QrRow key={qr.id} qr={qr} onView={() => setViewing(qr.id)} />}
      </PagedList>
    </>
  );
}
