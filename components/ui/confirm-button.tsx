"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type ReactNode } from "react";
import toast from "react-hot-toast";
import { errorMessage } from "@/lib/browser/api-client";
import { Button } from "./button";
import { showModal, trapTab } from "./modal";

/**
 * A destructive action behind a confirmation dialog (the native <dialog>: focus moves into it
 * and stays there, Escape closes it, the page behind is inert, focus returns to the button).
 */
export function ConfirmButton({
  action,
  subject,
  title,
  children,
  confirmLabel,
  onConfirm,
}: {
  /** The button's visible text (Delete, in the page's language, by default). */
  action?: string;
  /** What it acts on, read after the action by screen readers: "Delete Blue Bean Café". */
  subject: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<{ message: string }>;
}) {
  const t = useTranslations("common.ui");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      const result = await onConfirm();
      toast.success(result.message);
      dialog.current?.close();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => dialog.current && showModal(dialog.current)}
      >
        {action ?? t("delete")}
        <span className="visually-hidden"> {subject}</span>
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onKeyDown={trapTab}>
        <h2 id={titleId}>{title}</h2>
        <p className="muted">{children}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
            {t("cancel")}
          </button>
          <Button variant="danger" busy={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
