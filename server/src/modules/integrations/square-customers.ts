import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderEarns, posConnections, squareCustomers } from "../../db/schema";
import { childJobId, type JobQueue, type Jobs } from "../../services/jobs";
import type { IntegrationDeps, SquarePayments } from "./deps";
import type { TillEvent, TillLine } from "./till-platforms";
import { fromMinor } from "../../../../contract/money";
import { earnPaidOrder, type Connection } from "./till-order";

type Paid = Extract<TillEvent, { kind: "paid" }>;
type Customer = { email: string | null; phone: string | null; name: string | null };

/** The Square API version the Customers call is written against (sent as Square-Version). */
export const SQUARE_VERSION = "2025-10-16";
/** How long a customer's email and phone are used before Square is asked again. */
const CACHE_HOURS = 24;
const TIMEOUT_MS = 10_000;

/** A failure worth trying again later (Square down, rate-limited, out of reach). */
class SquareUnavailable extends Error {}

const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/**
 * A GET of Square's API with the seller's token: its JSON body; null when Square refuses it (a
 * 4xx: asking again would not change that); throws SquareUnavailable when Square could not answer.
 */
async function squareGet(baseUrl: string, token: string, path: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}`, "square-version": SQUARE_VERSION, accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new SquareUnavailable(`Square did not answer: ${(error as Error).message}`);
  }
  if (res.status === 429 || res.status >= 500) throw new SquareUnavailable(`Square answered ${res.status}`);
  if (!res.ok) return null;
  const body: unknown = await res.json().catch(() => null);
  if (!body || typeof body !== "object") throw new SquareUnavailable("Square answered no JSON");
  return body;
}

/**
 * RetrieveCustomer (GET /v2/customers/{customer_id}): the customer's email, phone and name. Null
 * when Square has no such customer or refuses the token (asking again would not change that);
 * throws SquareUnavailable when Square could not answer.
 */
async function retrieveCustomer(baseUrl: string, token: string, customerId: string): Promise<Customer | null> {
  const body = (await squareGet(baseUrl, token, `/v2/customers/${encodeURIComponent(customerId)}`)) as {
    customer?: Record<string, unknown>;
  } | null;
  if (!body) return null;
  const customer = body.customer;
  if (!customer) throw new SquareUnavailable("Square answered no customer");
  const name = [str(customer.given_name), str(customer.family_name)].filter(Boolean).join(" ");
  return { email: str(customer.email_address), phone: str(customer.phone_number), name: name || null };
}

/**
 * RetrieveOrder (GET /v2/orders/{order_id}): the order's lines, each by its `catalog_object_id`
 * for its `total_money` (after its discounts, with its taxes) as a decimal in the order's currency.
 * Null when Square has no such order or refuses the token; throws SquareUnavailable when Square
 * could not answer.
 */
async function retrieveOrderLines(baseUrl: string, token: string, orderId: string): Promise<TillLine[] | null> {
  const body = (await squareGet(baseUrl, token, `/v2/orders/${encodeURIComponent(orderId)}`)) as {
    order?: { line_items?: unknown };
  } | null;
  if (!body) return null;
  if (!body.order) throw new SquareUnavailable("Square answered no order");
  const items = Array.isArray(body.order.line_items) ? (body.order.line_items as Record<string, unknown>[]) : [];
  const lines: TillLine[] = [];
  for (const item of items) {
    const id = str(item?.catalog_object_id);
    const money = (item?.total_money ?? {}) as { amount?: unknown; currency?: unknown };
    const currency = str(money.currency);
    if (!id || !currency || typeof money.amount !== "number" || !Number.isSafeInteger(money.amount)) continue;
    if (money.amount <= 0) continue;
    try {
      lines.push({ itemIds: [id], amount: fromMinor(money.amount, currency) });
    } catch {
      // A currency without known minor digits: the line earns at the base rate.
    }
  }
  return lines;
}

/** The customer as cached for this connection (fresh), else as Square answers now (then cached). */
async function customerOf(db: Db, baseUrl: string, connection: Connection, customerId: string) {
  const [cached] = await db
    .select()
    .from(squareCustomers)
    .where(
      and(
        eq(squareCustomers.connectionId, connection.id),
        eq(squareCustomers.customerId, customerId),
        gt(squareCustomers.fetchedAt, sql`now() - make_interval(hours => ${CACHE_HOURS})`),
      ),
    )
    .limit(1);
  if (cached) return { email: cached.email, phone: cached.phone, name: cached.name };
  const customer = await retrieveCustomer(baseUrl, connection.accessToken!, customerId);
  if (!customer) return null;
  await db
    .insert(squareCustomers)
    .values({ connectionId: connection.id, customerId, ...customer })
    .onConflictDoUpdate({
      target: [squareCustomers.connectionId, squareCustomers.customerId],
      set: { ...customer, fetchedAt: sql`now()` },
    });
  return customer;
}

export type SquarePaymentJob = { connectionId: number; event: Paid };

type SquarePaymentDeps = Pick<IntegrationDeps, "db" | "events" | "config">;

/**
 * A Square payment's earn, with its customer's email and phone and its order's lines when Square
 * answers (or on the last try without).
 */
export async function earnSquarePayment(
  { db, events, config }: SquarePaymentDeps,
  { connectionId, event }: SquarePaymentJob,
  lastAttempt: boolean,
) {
  const [connection] = await db.select().from(posConnections).where(eq(posConnections.id, connectionId)).limit(1);
  if (!connection) return;
  const [earned] = await db
    .select({ id: orderEarns.id })
    .from(orderEarns)
    .where(and(eq(orderEarns.businessId, connection.businessId), eq(orderEarns.orderId, event.orderId)))
    .limit(1);
  if (earned) return;
  let customer: Customer | null = null;
  let lines: TillLine[] | null = null;
  // Square out of reach: try again later, or, on the last try, earn on what the payment says.
  const unlessLast = (error: unknown) => {
    if (!(error instanceof SquareUnavailable) || !lastAttempt) throw error;
    return null;
  };
  if (connection.accessToken && event.customerId) {
    customer = await customerOf(db, config.squareApiUrl, connection, event.customerId).catch(unlessLast);
  }
  if (connection.accessToken && event.squareOrderId) {
    lines = await retrieveOrderLines(config.squareApiUrl, connection.accessToken, event.squareOrderId).catch(
      unlessLast,
    );
  }
  await earnPaidOrder(db, events, connection, {
    ...event,
    lines: lines ?? event.lines,
    email: event.email ?? customer?.email ?? null,
    phone: customer?.phone ?? event.phone,
    name: event.name ?? customer?.name ?? null,
  });
}

/**
 * Square payments that name a customer, on a connection with an access token: the receiver writes
 * this job and answers at once; the job reads the customer's email and phone (Customers API,
 * cached per customer) and earns as any paid order (once per payment id, however often it runs).
 * Square out of reach: the job fails and is retried; its last try earns on what the payment says.
 */
export function registerSquarePayments(jobs: Jobs, deps: SquarePaymentDeps): SquarePayments {
  const queue: JobQueue<SquarePaymentJob> = jobs.work<SquarePaymentJob>("till-square-payment", (payment, job) =>
    earnSquarePayment(deps, payment, job.lastAttempt),
  );
  return {
    enqueue: (tx, connection, event) =>
      queue.enqueue(
        tx,
        { connectionId: connection.id, event },
        { id: childJobId("till-square-payment", `${connection.id}/${event.orderId}`) },
      ),
  };
}
