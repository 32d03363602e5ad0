import "client-only";
import { callApi } from "../api-client";
import type * as z from "zod/mini";
import type { CallSpec } from "../../api/call";
import { MAX_PER_PAGE } from "../../../contract/page-size";
import type { Paginated } from "../../../contract/pagination";

/** The query of one page, as every paged list call takes it. */
export type PageSearch = { page: number; per_page: number };

/**
 * Every row of a paged list, for a select that must offer all of them (the reward form's
 * categories, the QR code form's locations): page after page at the largest page size the list
 * call allows, until its last page. The call keeps its server-side maximum per page; an owner
 * with 250 categories costs three requests. A page that comes back empty ends the loop too, so a
 * list that shrinks while it is read cannot keep it going.
 */
export async function fetchAllPages<T>(fetchPage: (search: PageSearch) => Promise<Paginated<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage({ page, per_page: MAX_PER_PAGE });
    items.push(...answer.items);
    if (answer.items.length === 0 || page >= answer.last_page) return items;
  }
}

/**
 * Every row of a paged list call (`calls.productCategoryList`, …) through the BFF, with its filters.
 * A row added while the pages are read pushes the next page's rows along (the lists are paged by
 * offset, newest first), so one row can come twice: it is kept once (a select's options are keyed
 * by id).
 */
export async function listAll<T extends { id: number }>(
  call: CallSpec & { readonly answer?: z.core.$ZodType<Paginated<T>> },
  filters: Record<string, number | undefined> = {},
): Promise<T[]> {
  const rows = await fetchAllPages<T>(async (page) => (await callApi(call, { query: { ...filters, ...page } })).data);
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}
