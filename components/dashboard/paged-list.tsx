"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Pagination } from "@/components/ui/pagination";
import { ErrorState, Skeleton } from "@/components/ui/query-state";
import type { Paginated } from "@/contract/pagination";
import { usePageInRange } from "./use-page";

/**
 * One page of a dashboard list (businesses, addresses, rewards…) in its four states: placeholders
 * while it loads, the error with a retry, `empty` when the owner has none, else the rows (an
 * `item-list`) and the pages. After a delete empties the last page it steps back a page.
 */
export function PagedList<T>({
  list,
  what,
  pages,
  onPage,
  empty,
  rowHeight,
  children,
}: {
  list: UseQueryResult<Paginated<T>>;
  /** What the list holds, as a sentence says it: "your rewards" (loading, error; capitalised, the list's name). */
  what: string;
  /** The pages' accessible name: "Rewards" ("Rewards pages"). */
  pages: string;
  onPage: (page: number) => void;
  /** Shown when the whole list is empty (an EmptyState, or nothing while a form is open). */
  empty: ReactNode;
  /** The height of a placeholder row (the Skeleton's default when not given). */
  rowHeight?: string;
  /** One row (an `ItemRow` with its key). */
  children: (item: T) => ReactNode;
}) {
  const t = useTranslations("dashboard.list");
  usePageInRange(list.data, onPage);
  if (list.isPending) return <Skeleton label={t("loading", { what })} height={rowHeight} />;
  if (list.isError) return <ErrorState what={what} error={list.error} onRetry={() => list.refetch()} />;
  if (list.data.total === 0) return empty;
  return (
    <>
      <ul className="item-list" aria-label={what.charAt(0).toUpperCase() + what.slice(1)}>
        {list.data.items.map(children)}
      </ul>
      <Pagination data={list.data} onPage={onPage} label={pages} />
    </>
  );
}
