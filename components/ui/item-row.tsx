import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ConfirmButton } from "./confirm-button";

/**
 * One row of a dashboard list (a business, an address, a reward…): its heading and details, an
 * Edit button, and a delete behind a confirmation. Both buttons show a short word and name the
 * item for screen readers ("Edit Blue Bean Café"), since every row has the same ones.
 */
export function ItemRow({
  name,
  heading = name,
  media,
  children,
  edit,
  remove,
}: {
  /** What the row is called: the buttons' accessible names and, by default, the heading. */
  name: string;
  /** The heading when it shows more than the name (a status badge). */
  heading?: ReactNode;
  /** Shown before the text (a logo). */
  media?: ReactNode;
  /** The details under the heading. */
  children?: ReactNode;
  /** The button that opens the item's form; `label` is its visible word (Edit by default). */
  edit?: { label?: string; onClick: () => void };
  /** The confirmed delete: the button's word (Delete by default), the dialog's title, warning and confirm label. */
  remove: {
    action?: string;
    title: string;
    warning: ReactNode;
    confirmLabel: string;
    onConfirm: () => Promise<{ message: string }>;
  };
}) {
  const { warning, ...confirm } = remove;
  const t = useTranslations("common.ui");
  const editLabel = edit?.label ?? t("edit");
  return (
    <li className="item-card">
      {media}
      <div className="item-main">
        <h3>{heading}</h3>
        {children}
      </div>
      <div className="item-actions">
        {edit && (
          <button type="button" className="btn btn-secondary btn-small" onClick={edit.onClick}>
            <span aria-hidden="true">{editLabel}</span>
            <span className="visually-hidden">
              {editLabel} {name}
            </span>
          </button>
        )}
        <ConfirmButton subject={name} {...confirm}>
          {warning}
        </ConfirmButton>
      </div>
    </li>
  );
}
