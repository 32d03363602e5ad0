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
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={onPrevious}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" className="btn btn-secondary" disabled={!hasMore} onClick={onNext}>
        Next
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
  if (data.last_page <= 1) return null;
  return (
    <nav className="pagination" aria-label={`${label} pages`}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={data.page <= 1}
        onClick={() => onPage(data.page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {data.page} of {data.last_page} ({data.total} in all)
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={data.page >= data.last_page}
        onClick={() => onPage(data.page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
