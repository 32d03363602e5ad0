import "./as-browser";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { Paginated } from "@/contract/pagination";
import type { WebhookDelivery } from "@/contract/webhooks";
import { DELIVERY_POLL_MS, webhookDeliveriesQuery } from "@/lib/browser/queries/integrations";

// The Integrations page's delivery log: after "Send a test event" or "Send again" the new attempt
// is pending; the log must show its outcome without the owner reloading the page.

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  webhook_id: "msg_1",
  event_type: "webhook.test",
  status: "pending",
  attempts: 0,
  next_attempt_at: new Date().toISOString(),
  status_code: null,
  duration_ms: null,
  error: null,
  created_at: new Date().toISOString(),
  delivered_at: null,
  ...over,
});

/** The API's webhook-deliveries answer for `rows`, counting how often the log is read. */
function server(initial: WebhookDelivery[]) {
  const state = { rows: initial, reads: 0 };
  globalThis.fetch = (async () => {
    state.reads += 1;
    const data: Paginated<WebhookDelivery> = {
      items: state.rows,
      total: state.rows.length,
      page: 1,
      per_page: 20,
      last_page: 1,
    };
    return { ok: true, status: 200, json: async () => ({ status: true, message: "Deliveries", data }) };
  }) as unknown as typeof fetch;
  return state;
}

/** The log as the page shows it: an observer of the same query the component uses. */
function watchLog() {
  const client = new QueryClient();
  const observer = new QueryObserver(client, webhookDeliveriesQuery(7, 1));
  const seen: string[][] = [];
  const stop = observer.subscribe((result) => {
    if (result.data) seen.push(result.data.items.map((d) => d.status));
  });
  return {
    latest: () => observer.getCurrentResult().data?.items.map((d) => d.status),
    seen,
    close: () => {
      stop();
      client.clear();
    },
  };
}

const realFetch = globalThis.fetch;
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  globalThis.fetch = realFetch;
});

test("a pending test event's row turns delivered on its own, and the log stops reading then", async () => {
  const api = server([delivery({})]);
  const log = watchLog();
  await jest.advanceTimersByTimeAsync(0);
  expect(log.latest()).toEqual(["pending"]);

  // The worker sends it: the server's row changes, the page is not reloaded.
  api.rows = [delivery({ status: "delivered", attempts: 1, status_code: 200, next_attempt_at: null })];
  await jest.advanceTimersByTimeAsync(DELIVERY_POLL_MS);
  expect(log.latest()).toEqual(["delivered"]);

  const reads = api.reads;
  await jest.advanceTimersByTimeAsync(10 * DELIVERY_POLL_MS);
  expect(api.reads).toBe(reads);
  log.close();
});

test("'send again' on a failed delivery: the log follows it from pending to its new outcome", async () => {
  const api = server([delivery({ status: "failed", attempts: 10, status_code: 500, next_attempt_at: null })]);
  const log = watchLog();
  await jest.advanceTimersByTimeAsync(0);
  expect(log.latest()).toEqual(["failed"]);
  const reads = api.reads;
  await jest.advanceTimersByTimeAsync(10 * DELIVERY_POLL_MS);
  expect(api.reads).toBe(reads);
  log.close();

  // The mutation refreshes the log (a new read, as after invalidation): the row is queued again.
  api.rows = [delivery({ status: "pending", attempts: 10, status_code: 500 })];
  const again = watchLog();
  await jest.advanceTimersByTimeAsync(0);
  expect(again.latest()).toEqual(["pending"]);
  api.rows = [delivery({ status: "delivered", attempts: 11, status_code: 204, next_attempt_at: null })];
  await jest.advanceTimersByTimeAsync(DELIVERY_POLL_MS);
  expect(again.latest()).toEqual(["delivered"]);
  again.close();
});

test("a delivery whose next retry is hours away does not keep the page reading the log", async () => {
  const later = new Date(Date.now() + 2 * 3600 * 1000).toISOString();
  const api = server([delivery({ attempts: 4, status_code: 503, next_attempt_at: later })]);
  const log = watchLog();
  await jest.advanceTimersByTimeAsync(0);
  expect(log.latest()).toEqual(["pending"]);
  await jest.advanceTimersByTimeAsync(20 * DELIVERY_POLL_MS);
  expect(api.reads).toBe(1);
  log.close();
});
