"use client";

import { useTranslations } from "next-intl";
import type { Paginated } from "@/contract/pagination";

/** Previous / next for a list paged by cursor (no total); hidden when everything fits on one page. */
export function CursorPagination({
  page,
  hasMore,
  onPrevious,
  onNext,
  label,
}: {
  page: number;
  hasMore: boolean;
  onPrevious: () => void;
  onNext: () => void;
  label: string;
}) {
  const t = useTranslations("common.pagination");
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={t("nav", { label })}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={onPrevious}>
        {t("previous")}
      </button>
      <span aria-live="polite">{t("page", { page })}</span>
      <button type="button" className="btn btn-secondary" disabled={!hasMore} onClick={onNext}>
        {t("next")}
      </button>
    </nav>
  );
}

/** Previous / next for a server-paginated list; hidden when everything fits on one page. */
export function Pagination({
  data,
  onPage,
  label,
}: {
  data: Pick<Paginated<unknown>, "page" | "last_page" | "total">;
  onPage: (page: number) => void;
  label: string;
}) {
  const t = useTranslations("common.pagination");
  if (data.last_page <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("nav", { label })}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={data.page <= 1}
        onClick={() => onPage(data.page - 1)}
      >
        {t("previous")}
      </button>
      <span aria-live="polite">{t("pageOf", { page: data.page, last: data.last_page, total: data.total })}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={data.page >= data.last_page}
        onClick={() => onPage(data.page + 1)}
      >
        {t("next")}
      </button>
    </nav>
  );
}
