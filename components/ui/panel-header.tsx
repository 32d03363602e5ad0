import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

/**
 * The heading of a panel or dialog that shows one item (a QR code, a card, a customer) over its
 * list, with the Close button that goes back to the list. `id` names the panel (aria-labelledby).
 */
export function PanelHeader({ id, title, onClose }: { id: string; title: ReactNode; onClose: () => void }) {
  const t = useTranslations("common.ui");
  return (
    <div className="row-between">
      <h2 id={id}>{title}</h2>
      <button type="button" className="btn btn-secondary btn-small" onClick={onClose}>
        {t("close")}
      </button>
    </div>
  );
}
