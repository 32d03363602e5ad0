import { useTranslations } from "next-intl";

/** The spinner shown while a lazily loaded page loads; used by the loading.tsx files. */
export function PageSpinner() {
  const t = useTranslations("common.ui");
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t("loading")}</span>
    </div>
  );
}
