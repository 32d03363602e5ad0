import http from "node:http";
import type { AddressInfo } from "node:net";

type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders };
type SquareCustomer = {
  id: string;
  given_name?: string;
  family_name?: string;
  email_address?: string;
  phone_number?: string;
};

/** An order's line as Square's Orders API answers it (the fields the till reads, and a few more). */
export type SquareLineItem = {
  catalog_object_id?: string;
  name?: string;
  quantity?: string;
  /** Minor units of the order's currency, after the line's discounts, with its taxes. */
  total: number;
};

/**
 * A local server speaking the part of Square's API the till uses: RetrieveCustomer
 * (GET /v2/customers/{customer_id}) and RetrieveOrder (GET /v2/orders/{order_id}), with the seller's access token as a Bearer token and a
 * Square-Version header. It answers as Square documents: `{ customer }` or `{ order }` on 200, `{ errors: [...] }`
 * with 401 UNAUTHORIZED for another token, 404 NOT_FOUND for an unknown customer or order; `failNext(n)`
 * makes the next n requests fail with 503 SERVICE_UNAVAILABLE.
 */
export async function startSquareStandIn(accessToken: string) {
  const requests: Seen[] = [];
  const customers = new Map<string, SquareCustomer>();
  const orders = new Map<string, { currency: string; lines: SquareLineItem[] }>();
  const state = { failNext: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests.push({ method: req.method!, path: req.url!, headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, category: string, code: string, detail: string) =>
        send(status, { errors: [{ category, code, detail }] });
      if (state.failNext > 0) {
        state.failNext--;
        return error(503, "API_ERROR", "SERVICE_UNAVAILABLE", "Service unavailable.");
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return error(401, "AUTHENTICATION_ERROR", "UNAUTHORIZED", "This request could not be authorized.");
      }
      if (!req.headers["square-version"]) {
        return error(400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Square-Version is required.");
      }
      const order = req.method === "GET" ? /^\/v2\/orders\/([^/?]+)$/.exec(req.url ?? "") : null;
      if (order) {
        const id = decodeURIComponent(order[1]!);
        const found = orders.get(id);
        if (!found) return error(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", `Order ${id} not found.`);
        const money = (amount: number) => ({ amount, currency: found.currency });
        const total = found.lines.reduce((sum, line) => sum + line.total, 0);
        return send(200, {
          order: {
            id,
            location_id: "L1",
            state: "COMPLETED",
            version: 2,
            line_items: found.lines.map((line, i) => ({
              uid: `line-${i}`,
              name: line.name ?? `Item ${i + 1}`,
              quantity: line.quantity ?? "1",
              ...(line.catalog_object_id && { catalog_object_id: line.catalog_object_id, catalog_version: 1 }),
              base_price_money: money(line.total),
              gross_sales_money: money(line.total),
              total_tax_money: money(0),
              total_discount_money: money(0),
              total_money: money(line.total),
            })),
            total_money: money(total),
            total_tax_money: money(0),
            total_discount_money: money(0),
            created_at: "2025-01-01T00:00:00Z",
            updated_at: "2025-01-01T00:00:00Z",
          },
        });
      }
      const match = req.method === "GET" ? /^\/v2\/customers\/([^/?]+)$/.exec(req.url ?? "") : null;
      const customer = match ? customers.get(decodeURIComponent(match[1]!)) : undefined;
      if (!customer) return error(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", "Customer not found.");
      send(200, {
        customer: {
          ...customer,
          created_at: "2025-01-01T00:00:00Z",
          updated_at: "2025-01-01T00:00:00Z",
          preferences: { email_unsubscribed: false },
          creation_source: "THIRD_PARTY",
          version: 1,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** A customer of the seller's directory. */
    addCustomer: (customer: SquareCustomer) => customers.set(customer.id, customer),
    /** An order of the seller's, with its line items. */
    addOrder: (id: string, lines: SquareLineItem[], currency = "EUR") => orders.set(id, { currency, lines }),
    failNext: (n: number) => {
      state.failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
