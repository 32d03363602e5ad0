import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the part of Stripe's API the adapter uses: create (and confirm) a
 * PaymentIntent with an idempotency key, retrieve one, and search them by metadata. Test cards as
 * Stripe's test mode answers them; pm_card_authenticationRequired needs 3-D Secure (`complete(id)`
 * finishes it). As Stripe does, a key sent again with other parameters is refused (400
 * idempotency_error), a key whose first request is still running too (409, `hold()`), and `created(paymentId)` counts the PaymentIntents made for one payment.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, { status: number; body: unknown; params: string }>();
  const requests: { method: string; path: string; idempotencyKey?: string; form: URLSearchParams }[] = [];
  let n = 0;
  let lose = 0;
  // Held creations wait for `release()`; their keys are in progress meanwhile (Stripe answers 409).
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const inProgress = new Set<string>();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", async () => {
      const form = new URLSearchParams(raw);
      const key = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method!, path: req.url!, idempotencyKey: key, form });
      const send = (status: number, body: unknown) => {
        // The request was handled, but its answer never reaches the caller (a timeout, a reset).
        if (lose > 0 && req.url !== "/v1/payment_intents/search") {
          lose--;
          return req.socket.destroy();
        }
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${++n}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== "Bearer sk_test_standin") {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (req.method === "POST" && req.url === "/v1/payment_intents") {
        if (key && inProgress.has(key)) {
          const message = "There is currently another in-progress request using this Idempotent Key.";
          return send(409, { error: { type: "invalid_request_error", code: "idempotency_key_in_use", message } });
        }
        if (gate && key && !byKey.has(key)) {
          inProgress.add(key);
          await gate.promise;
          inProgress.delete(key);
        }
        const replay = key ? byKey.get(key) : undefined;
        if (replay && replay.params !== raw) {
          const message =
            "Keys for idempotent requests can only be used with the same parameters they were first used with.";
          return send(400, { error: { type: "idempotency_error", message } });
        }
        if (replay) return send(replay.status, replay.body);
        const id = `pi_standin_${++n}`;
        const pm = form.get("payment_method");
        const base = {
          id,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          client_secret: `${id}_secret_x`,
          metadata: { payment_id: form.get("metadata[payment_id]") },
          last_payment_error: null,
        };
        let answer: { status: number; body: unknown; params: string };
        if (pm === "pm_card_visa") answer = { status: 200, body: { ...base, status: "succeeded" }, params: raw };
        else if (pm === "pm_card_authenticationRequired") {
          answer = { status: 200, body: { ...base, status: "requires_action" }, params: raw };
        } else {
          const message = "Your card was declined.";
          const intent = {
            ...base,
            status: "requires_payment_method",
            last_payment_error: { type: "card_error", message },
          };
          answer = {
            status: 402,
            body: { error: { type: "card_error", code: "card_declined", message, payment_intent: intent } },
            params: raw,
          };
          intents.set(id, intent);
        }
        if (answer.status === 200) intents.set(id, answer.body as Record<string, unknown>);
        if (key) byKey.set(key, answer);
        return send(answer.status, answer.body);
      }
      // Search, as far as the adapter uses it: metadata['payment_id']:'<id>'.
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (req.method === "GET" && url.pathname === "/v1/payment_intents/search") {
        const wanted = url.searchParams.get("query")?.match(/^metadata\['payment_id'\]:'(\d+)'$/)?.[1];
        if (!wanted) return send(400, { error: { type: "invalid_request_error", message: "Bad search query" } });
        const data = [...intents.values()].filter(
          (i) => (i.metadata as { payment_id?: string | null }).payment_id === wanted,
        );
        return send(200, { object: "search_result", data, has_more: false, url: "/v1/payment_intents/search" });
      }
      const match = req.url?.match(/^\/v1\/payment_intents\/([\w]+)$/);
      if (req.method === "GET" && match?.[1] && intents.has(match[1])) return send(200, intents.get(match[1]));
      send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    requests,
    intent: (id: string) => intents.get(id),
    /** The PaymentIntents made for our payment `paymentId` (a replayed request makes none). */
    intentsFor: (paymentId: number) =>
      [...intents.values()].filter((i) => (i.metadata as { payment_id?: string }).payment_id === String(paymentId)),
    /** How many PaymentIntents were made for our payment `paymentId`: charges at the provider. */
    created(paymentId: number) {
      return this.intentsFor(paymentId).length;
    },
    /** New PaymentIntents wait (a slow Stripe) until `release()`. */
    hold() {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
    /** The next `count` requests are carried out but their answers are lost (the connection drops). */
    loseAnswers(count: number) {
      lose = count;
    },
    /** The customer passed 3-D Secure: the intent succeeded. */
    complete(id: string) {
      intents.set(id, { ...intents.get(id), status: "succeeded" });
      return intents.get(id)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
