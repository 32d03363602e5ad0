import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "./button";

/**
 * The row under a form: its submit button, busy while the form is saved (a spinner, `aria-busy`,
 * not pressable twice), and Cancel where the form can be closed without saving. Whatever else
 * belongs in the row (a link, a second action) goes after them as children.
 */
export function FormActions({
  submit,
  busy,
  onCancel,
  children,
}: {
  /** The submit button's text: what saving does ("Save address", "Send invite"). */
  submit: string;
  busy: boolean;
  /** Closes the form; without it there is no Cancel (a form that always stays on the page). */
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const t = useTranslations("common.ui");
  return (
    <div className="form-actions">
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
      {onCancel && (
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
      )}
      {children}
    </div>
  );
}
