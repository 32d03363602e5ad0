"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ItemRow } from "@/components/ui/item-row";
import { EmptyState } from "@/components/ui/query-state";
import type { QrCode } from "@/contract/qr-codes";
import { useDeleteQr, useQrCodes } from "@/lib/browser/queries/loyalty";
import { webKind } from "@/components/kinds";
import { PagedList } from "../paged-list";
import { QrCodeForm } from "./qr-code-form";
import { QrCodeView } from "./qr-code-view";
import "./print.css";

function QrRow({ qr, onView }: { qr: QrCode; onView: () => void }) {
  const remove = useDeleteQr();
  const t = useTranslations("dashboard.qr");
  const kt = useTranslations(webKind(qr.reward_kind).ns);
  return (
    <ItemRow
      name={qr.label}
      heading={
        <>
          {qr.label} {qr.mode === "rotating" && <span className="badge badge-success">{t("rotating")}</span>}
        </>
      }
      edit={{ label: t("view"), onClick: onView }}
      remove={{
        title: t("deleteTitle", { label: qr.label }),
        warning: t("deleteWarning"),
        confirmLabel: t("deleteConfirm"),
        onConfirm: () => remove.mutateAsync(qr.id),
      }}
    >
      <p className="muted small">
        {qr.business_name}
        {qr.address && ` · ${qr.address}`} ·{" "}
        {qr.reward_title ? kt("joins", { reward: qr.reward_title }) : t("noReward")} ·{" "}
        {t("scans", { count: qr.scans_count })}
      </p>
    </ItemRow>
  );
}

export function QrCodeSection() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useQrCodes(page);
  const t = useTranslations("dashboard.qr");
  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      {viewing !== null ? (
        <QrCodeView id={viewing} onClose={() => setViewing(null)} />
      ) : (
        <QrCodeForm onCreated={setViewing} />
      )}
      <PagedList
        list={list}
        what={t("what")}
        pages={t("pages")}
        onPage={setPage}
        rowHeight="3rem"
        empty={<EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(qr) => <QrRow key={qr.id} qr={qr} onView={() => setViewing(qr.id)} />}
      </PagedList>
    </>
  );
}
