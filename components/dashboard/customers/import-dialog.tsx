"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { PanelHeader } from "@/components/ui/panel-header";
import { SelectField } from "@/components/ui/select-field";
import { showModal, trapTab } from "@/components/ui/modal";
import { useOwnerWords } from "@/components/kinds/use-owner-words";
import { IMPORT_FIELDS, type CustomerImportPreview, type ImportField } from "@/contract/customer-import";
import { errorMessage } from "@/lib/browser/api-client";
import { useBusinessOptions } from "@/lib/browser/queries/businesses";
import { useImportStatus, usePreviewImport, useStartImport } from "@/lib/browser/queries/customer-import";

/** The preview: the columns the file's header maps to, the counts and the rows left out. */
function Preview({ preview }: { preview: CustomerImportPreview }) {
  const t = useTranslations("customerImport");
  const words = useOwnerWords();
  const fieldLabel = (field: ImportField) => (field === "balance" ? words("balanceHead") : t(`field.${field}`));
  return (
    <>
      <table className="scan-table">
        <caption>{t("mapping")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("fieldHead")}</th>
            <th scope="col">{t("columnHead")}</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_FIELDS.map((field) => {
            const column = preview.mapping[field];
            return (
              <tr key={field}>
                <th scope="row">{fieldLabel(field)}</th>
                <td>{column === null ? t("noColumn") : (preview.header[column] ?? t("noColumn"))}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>{t("counts", { total: preview.total_rows, good: preview.good_rows, bad: preview.bad_row_count })}</p>
      {preview.bad_rows.length > 0 && (
        <>
          <h3>{t("badRows")}</h3>
          <ul className="import-bad-rows">
            {preview.bad_rows.map((row) => (
              <li key={row.line}>{t("badRow", { line: row.line, reason: row.reason })}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The running import: a progress bar, then what it added. */
function Progress({ importId }: { importId: number }) {
  const t = useTranslations("customerImport");
  const status = useImportStatus(importId);
  if (!status.data) return <p role="status">{t("starting")}</p>;
  const s = status.data;
  const total = Math.max(s.good_rows, 1);
  const done = s.status === "done" ? total : Math.min(s.processed_rows, total);
  return (
    <>
      <div
        className="import-progress"
        role="progressbar"
        aria-label={t("progress")}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t("progressText", { done, total })}
      >
        <div className="import-progress-bar" style={{ width: `${Math.round((done / total) * 100)}%` }} />
      </div>
      <p role="status">
        {s.status === "done"
          ? t("result", { customers: s.added_customers, cards: s.added_cards, unchanged: s.unchanged_rows })
          : t("progressText", { done, total })}
      </p>
    </>
  );
}

/** "Import customers": a CSV file, its preview, then the import with its progress (owners). */
export function ImportCustomers() {
  const t = useTranslations("customerImport");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fileId = useId();
  const businesses = useBusinessOptions();
  const [chosen, setBusinessId] = useState("");
  const businessId = chosen || (businesses.data?.[0] ? String(businesses.data[0].id) : "");
  const previewing = usePreviewImport();
  const starting = useStartImport();
  const [running, setRunning] = useState<number | null>(null);
  const reset = () => {
    previewing.reset();
    starting.reset();
    setRunning(null);
  };
  const onPreview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0 || !businessId) return;
    setRunning(null);
    previewing.mutate({ businessId, file });
  };
  const preview = previewing.data;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          reset();
          if (dialog.current) showModal(dialog.current);
        }}
      >
        {t("open")}
      </Button>
      <dialog ref={dialog} className="dialog import-dialog" aria-labelledby={titleId} onKeyDown={trapTab}>
        <PanelHeader id={titleId} title={t("title")} onClose={() => dialog.current?.close()} />
        <p className="muted small">{t("intro")}</p>
        <form className="form" onSubmit={onPreview}>
          <SelectField
            label={t("business")}
            name="business"
            placeholder={t("chooseBusiness")}
            options={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.business_name }))}
            value={businessId}
            onChange={(event) => setBusinessId(event.target.value)}
          />
          <div className="field">
            <label htmlFor={fileId}>{t("file")}</label>
            <input id={fileId} name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <div className="form-actions">
            <Button type="submit" busy={previewing.isPending}>
              {t("preview")}
            </Button>
          </div>
          {previewing.isError && (
            <p role="alert" className="error">
              {errorMessage(previewing.error)}
            </p>
          )}
        </form>
        {preview && <Preview preview={preview} />}
        {preview && running === null && (
          <div className="form-actions">
            <Button
              disabled={preview.good_rows === 0}
              busy={starting.isPending}
              onClick={async () => setRunning((await starting.mutateAsync(preview.import_id)).import_id)}
            >
              {t("confirm", { count: preview.good_rows })}
            </Button>
          </div>
        )}
        {starting.isError && (
          <p role="alert" className="error">
            {errorMessage(starting.error)}
          </p>
        )}
        {running !== null && <Progress importId={running} />}
      </dialog>
    </>
  );
}
