import { lastPage, type PageQuery, type Paginated } from "../../../contract/pagination";

/** One page of a list: `count` the whole list, `rows` the page at (limit, offset). */
export async function paginate<T>(
  query: PageQuery,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Paginated<T>> {
  const [total, items] = await Promise.all([count(), rows(query.per_page, (query.page - 1) * query.per_page)]);
  return { items, total, page: query.page, per_page: query.per_page, last_page: lastPage(total, query.per_page) };
}
