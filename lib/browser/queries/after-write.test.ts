import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { refetchAfterWrite } from "./after-write";

/**
 * A server's list, answered as it stood when each fetch began: the first fetch is held until
 * `answerFirst()` (a slow first load), every later one answers at once.
 */
function slowList() {
  const rows: string[] = [];
  let answerFirst = () => {};
  let fetches = 0;
  const fetchList = () => {
    const snapshot = [...rows];
    fetches += 1;
    if (fetches > 1) return Promise.resolve(snapshot);
    return new Promise<string[]>((resolve) => (answerFirst = () => resolve(snapshot)));
  };
  return { rows, fetchList, answerFirst: () => answerFirst() };
}

/** A list on screen (an observer) whose first fetch is still in flight. */
function listLoading(client: QueryClient, fetchList: () => Promise<string[]>) {
  const observer = new QueryObserver(client, { queryKey: ["list"], queryFn: fetchList });
  const unsubscribe = observer.subscribe(() => {});
  return { observer, unsubscribe };
}

const settled = (client: QueryClient) =>
  new Promise<void>((resolve) => {
    const check = () => (client.isFetching() === 0 ? resolve() : setTimeout(check, 0));
    check();
  });

it("a write made while the list's first fetch is in flight is on the list once it is fetched again", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = slowList();
  const { observer, unsubscribe } = listLoading(client, server.fetchList);
  server.rows.push("Sam Staff");
  await refetchAfterWrite(client, ["list"]);
  server.answerFirst();
  await settled(client);
  expect(observer.getCurrentResult().data).toEqual(["Sam Staff"]);
  unsubscribe();
  client.clear();
});

it("the same write with a plain invalidation keeps the answer from before it (why the fetch is cancelled first)", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = slowList();
  const { observer, unsubscribe } = listLoading(client, server.fetchList);
  server.rows.push("Sam Staff");
  const refreshed = client.invalidateQueries({ queryKey: ["list"] });
  server.answerFirst();
  await refreshed;
  await settled(client);
  expect(observer.getCurrentResult().data).toEqual([]);
  unsubscribe();
  client.clear();
});

it("a list already answered is fetched again after a write", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = slowList();
  const { observer, unsubscribe } = listLoading(client, server.fetchList);
  server.answerFirst();
  await settled(client);
  expect(observer.getCurrentResult().data).toEqual([]);
  server.rows.push("Sam Staff");
  await refetchAfterWrite(client, ["list"]);
  expect(observer.getCurrentResult().data).toEqual(["Sam Staff"]);
  unsubscribe();
  client.clear();
});
