import { createHmac, timingSafeEqual } from "node:crypto";
import { fromMinor, toMinor } from "../../../../contract/money";
import type { PosProvider } from "../../../../contract/pos";

/**
 * What a till's webhook says, whatever the platform: an order paid (its id, total and currency,
 * and who paid), a refund of an order, or something this product does not act on.
 */
export type TillEvent =
  | {
      kind: "paid";
      orderId: string;
      /** The total, a decimal string in `currency`. */
      amount: string | null;
      currency: string | null;
      email: string | null;
      phone: string | null;
      name: string | null;
      /** Square: the customer the payment names, whose email and phone the Customers API gives. */
      customerId: string | null;
      /** The order's lines (Shopify's line items); null: none known (Square's come from its Orders API). */
      lines: TillLine[] | null;
      /** Square: the order the payment pays, whose lines the Orders API gives. */
      squareOrderId: string | null;
    }
  | {
      kind: "refund";
      orderId: string;
      /** The platform's id of this refund: it takes back once, however often it is delivered. */
      refundId: string;
      /** What it returned, decimal strings in the order's currency (added up). */
      amounts: string[];
    }
  | { kind: "ignored"; why: string };

/** A line of an order: the till's ids of its item (SKU, product id, catalog object id) and what it cost in all. */
export type TillLine = { itemIds: string[]; amount: string };

/** Base64 HMAC-SHA256 of `content`, compared in constant time with the header's. */
function signedBy(secret: string, content: Buffer, header: string | undefined) {
  if (!header) return false;
  const expected = createHmac("sha256", secret).update(content).digest();
  const given = Buffer.from(header, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the platform signed these bytes: Shopify, X-Shopify-Hmac-Sha256 over the raw body;
 * Square, x-square-hmacsha256-signature over the notification URL followed by the raw body.
 */
export function verifyTill(
  provider: PosProvider,
  secret: string,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
  notificationUrl: string,
) {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === "string" ? value : undefined;
  };
  if (provider === "shopify") return signedBy(secret, raw, header("x-shopify-hmac-sha256"));
  return signedBy(secret, Buffer.concat([Buffer.from(notificationUrl), raw]), header("x-square-hmacsha256-signature"));
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});
const str = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null;

/**
 * Shopify's line items: each by its `sku` and `product_id`, for its price × quantity less its
 * discounts (`total_discount`, or the sum of its `discount_allocations`), in minor units summed
 * and answered as a decimal in the order's currency. A line that is no amount is left out.
 */
function shopifyLines(items: unknown, currency: string | null): TillLine[] | null {
  if (!Array.isArray(items) || !currency) return null;
  const lines: TillLine[] = [];
  for (const item of items.map(obj)) {
    const itemIds = [str(item.sku), str(item.product_id)].filter((id): id is string => id !== null);
    const price = safeToMinor(str(item.price), currency);
    const quantity = typeof item.quantity === "number" && Number.isSafeInteger(item.quantity) ? item.quantity : null;
    if (itemIds.length === 0 || price === null || quantity === null || quantity <= 0) continue;
    const allocations = Array.isArray(item.discount_allocations) ? item.discount_allocations.map(obj) : [];
    const discount =
      safeToMinor(str(item.total_discount), currency) ??
      allocations.reduce((sum, a) => sum + (safeToMinor(str(a.amount), currency) ?? 0), 0);
    const minor = price * quantity - discount;
    const amount = minor > 0 && Number.isSafeInteger(minor) ? safeFromMinor(minor, currency) : null;
    if (amount !== null) lines.push({ itemIds, amount });
  }
  return lines;
}

/** Shopify's `orders/paid` (an order) and `refunds/create` (a refund with its `order_id`). */
function shopifyEvent(topic: string | undefined, body: Json): TillEvent {
  if (topic === "orders/paid") {
    const id = str(body.id);
    if (!id) return { kind: "ignored", why: "The order has no id." };
    const customer = obj(body.customer);
    const name = [str(customer.first_name), str(customer.last_name)].filter(Boolean).join(" ");
    return {
      kind: "paid",
      orderId: `shopify:${id}`,
      amount: str(body.current_total_price) ?? str(body.total_price),
      currency: str(body.currency),
      email: str(body.email) ?? str(body.contact_email) ?? str(customer.email),
      phone: str(body.phone) ?? str(customer.phone),
      name: name || null,
      customerId: null,
      lines: shopifyLines(body.line_items, str(body.currency)),
      squareOrderId: null,
    };
  }
  if (topic === "refunds/create") {
    const id = str(body.order_id);
    const refundId = str(body.id);
    if (!id || !refundId) return { kind: "ignored", why: "The refund has no id or no order." };
    // The money it returned: its successful refund transactions (not voids, not failed attempts).
    const transactions = Array.isArray(body.transactions) ? body.transactions.map(obj) : [];
    const amounts = transactions
      .filter((t) => t.kind === "refund" && t.status === "success")
      .map((t) => str(t.amount) ?? "");
    return { kind: "refund", orderId: `shopify:${id}`, refundId: `shopify:${refundId}`, amounts };
  }
  return { kind: "ignored", why: `Shopify topic ${topic ?? "(none)"} is not one this connection acts on.` };
}

/** Square's `payment.updated` (earns once COMPLETED) and `refund.created`/`refund.updated` (COMPLETED). */
function squareEvent(body: Json): TillEvent {
  const type = str(body.type);
  const object = obj(obj(body.data).object);
  if (type === "payment.updated") {
    const payment = obj(object.payment);
    const id = str(payment.id);
    if (!id) return { kind: "ignored", why: "The payment has no id." };
    if (payment.status !== "COMPLETED") return { kind: "ignored", why: "The payment is not completed." };
    const money = obj(payment.amount_money);
    const currency = str(money.currency);
    const minor = typeof money.amount === "number" && Number.isSafeInteger(money.amount) ? money.amount : null;
    return {
      kind: "paid",
      orderId: `square:${id}`,
      amount: minor !== null && currency ? safeFromMinor(minor, currency) : null,
      currency,
      email: str(payment.buyer_email_address),
      phone: null,
      name: null,
      customerId: str(payment.customer_id),
      lines: null,
      squareOrderId: str(payment.order_id),
    };
  }
  if (type === "refund.created" || type === "refund.updated") {
    const refund = obj(object.refund);
    const paymentId = str(refund.payment_id);
    if (!paymentId) return { kind: "ignored", why: "The refund has no payment." };
    if (refund.status !== "COMPLETED") return { kind: "ignored", why: "The refund is not completed." };
    const refundId = str(refund.id);
    if (!refundId) return { kind: "ignored", why: "The refund has no id." };
    const money = obj(refund.amount_money);
    const currency = str(money.currency);
    const minor = typeof money.amount === "number" && Number.isSafeInteger(money.amount) ? money.amount : null;
    const amount = minor !== null && currency ? safeFromMinor(minor, currency) : null;
    return { kind: "refund", orderId: `square:${paymentId}`, refundId: `square:${refundId}`, amounts: [amount ?? ""] };
  }
  return { kind: "ignored", why: `Square event ${type ?? "(none)"} is not one this connection acts on.` };
}

/** A decimal in the currency's minor units; null when it is none (or the currency unknown). */
function safeToMinor(decimal: string | null, currency: string) {
  if (decimal === null) return null;
  try {
    return toMinor(decimal, currency);
  } catch {
    return null;
  }
}

/** An unknown currency code has no minor digits to read: no amount then (the currency check refuses it). */
function safeFromMinor(minor: number, currency: string) {
  try {
    return fromMinor(minor, currency);
  } catch {
    return null;
  }
}

/** The platform's event as a TillEvent; null when the body is not a JSON object. */
export function tillEvent(provider: PosProvider, raw: Buffer, topic: string | undefined): TillEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return null;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  return provider === "shopify" ? shopifyEvent(topic, body as Json) : squareEvent(body as Json);
}
