"use client";

import { useEffect } from "react";
import type { Paginated } from "@/contract/pagination";

/** After a delete empties the last page, step back to the new last page. */
export function usePageInRange(data: Paginated<unknown> | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (data && data.page > data.last_page) setPage(data.last_page);
  }, [data, setPage]);
}
