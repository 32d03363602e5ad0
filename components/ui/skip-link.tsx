import { useTranslations } from "next-intl";

/** The first stop of the keyboard on every page: straight to the page's `<main id="main">`. */
export function SkipLink() {
  const t = useTranslations("common");
  return (
    <a href="#main" className="skip-link">
      {t("skipToContent")}
    </a>
  );
}
