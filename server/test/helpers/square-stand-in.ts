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

/**
 * A local server speaking the part of Square's API the till uses: RetrieveCustomer
 * (GET /v2/customers/{customer_id}), with the seller's access token as a Bearer token and a
 * Square-Version header. It answers as Square documents: `{ customer }` on 200, `{ errors: [...] }`
 * with 401 UNAUTHORIZED for another token, 404 NOT_FOUND for an unknown customer; `failNext(n)`
 * makes the next n requests fail with 503 SERVICE_UNAVAILABLE.
 */
export async function startSquareStandIn(accessToken: string) {
  const requests: Seen[] = [];
  const customers = new Map<string, SquareCustomer>();
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
    failNext: (n: number) => {
      state.failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
