import { lastPage, MAX_PER_PAGE, type Paginated } from "../../../contract/pagination";
import { calls } from "../../../contract/calls";
import { fetchAllPages, listAll, type PageSearch } from "./all-pages";

/** A paged list call over `rows`, as the server answers it (page size capped at its maximum). */
function pagedList(rows: number[]) {
  const asked: PageSearch[] = [];
  const fetchPage = async (search: PageSearch): Promise<Paginated<number>> => {
    asked.push(search);
    const perPage = Math.min(search.per_page, MAX_PER_PAGE);
    const start = (search.page - 1) * perPage;
    return {
      items: rows.slice(start, start + perPage),
      total: rows.length,
      page: search.page,
      per_page: perPage,
      last_page: lastPage(rows.length, perPage),
    };
  };
  return { asked, fetchPage };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

test("reads every page of a list longer than one page, in order", async () => {
  const list = pagedList(range(250));
  expect(await fetchAllPages(list.fetchPage)).toEqual(range(250));
  expect(list.asked).toEqual([1, 2, 3].map((page) => ({ page, per_page: MAX_PER_PAGE })));
});

test("one request for a list that fits one page, e.g. 25 categories (the default page holds 20)", async () => {
  const list = pagedList(range(25));
  expect(await fetchAllPages(list.fetchPage)).toEqual(range(25));
  expect(list.asked).toHaveLength(1);
});

test("an empty list is one request and no rows", async () => {
  const list = pagedList([]);
  expect(await fetchAllPages(list.fetchPage)).toEqual([]);
  expect(list.asked).toHaveLength(1);
});

test("stops at an empty page even if the answer claims more pages (rows deleted while reading)", async () => {
  const asked: number[] = [];
  const rows = await fetchAllPages(async ({ page }) => {
    asked.push(page);
    const items = page === 1 ? [1, 2] : [];
    return { items, total: 500, page, per_page: MAX_PER_PAGE, last_page: 5 };
  });
  expect(rows).toEqual([1, 2]);
  expect(asked).toEqual([1, 2]);
});

test("a failed page fails the whole read (the select shows the error, not a partial list)", async () => {
  await expect(
    fetchAllPages(async ({ page }) => {
      if (page === 2) throw new Error("offline");
      return { items: [1], total: 2, page, per_page: 1, last_page: 2 };
    }),
  ).rejects.toThrow("offline");
});

test("listAll asks the list call through the BFF page by page, with its filters, at the largest page size, each row once", async () => {
  const urls: string[] = [];
  const fetchMock = jest.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    urls.push(`${url.pathname}${url.search}`);
    const page = Number(url.searchParams.get("page"));
    // A row added between the two reads pushed row 100 onto the second page as well.
    const items = page === 1 ? range(100) : [100, 101];
    const data = { items: items.map((id) => ({ id })), total: 102, page, per_page: 100, last_page: 2 };
    return new Response(JSON.stringify({ status: true, message: "", data }));
  });
  try {
    const rows = await listAll<{ id: number }>(calls.addressList, { business_id: 7 });
    expect(rows.map((row) => row.id)).toEqual(range(101)); // row 100 once
    expect(urls).toEqual([
      "/api/address-list?business_id=7&page=1&per_page=100",
      "/api/address-list?business_id=7&page=2&per_page=100",
    ]);
  } finally {
    fetchMock.mockRestore();
  }
});
