import { createHmac, randomUUID } from "node:crypto";
import type { TestApp } from "./app";

/**
 * Stand-ins for the tills, signing exactly as each platform documents: Shopify,
 * X-Shopify-Hmac-Sha256 = base64 HMAC-SHA256 of the raw body with the secret, topic in
 * X-Shopify-Topic; Square, x-square-hmacsha256-signature = base64 HMAC-SHA256 of the notification
 * URL followed by the raw body, with the subscription's signature key.
 */
const hmac = (secret: string, content: string) => createHmac("sha256", secret).update(content).digest("base64");

/** The receiver's path from the webhook URL the connection answered. */
const pathOf = (webhookUrl: string) => new URL(webhookUrl).pathname;

export function shopifySender(t: TestApp, connection: { webhook_url: string }, secret: string) {
  const send = (topic: string, payload: object, over: { signature?: string; webhookId?: string } = {}) => {
    const raw = JSON.stringify(payload);
    return t.request("POST", pathOf(connection.webhook_url), undefined, {
      raw,
      contentType: "application/json",
      headers: {
        "x-shopify-topic": topic,
        "x-shopify-hmac-sha256": over.signature ?? hmac(secret, raw),
        "x-shopify-webhook-id": over.webhookId ?? randomUUID(),
        "x-shopify-shop-domain": "test-shop.myshopify.com",
        "x-shopify-api-version": "2025-10",
      },
    });
  };
  return {
    send,
    /** `orders/paid`: an order as Shopify sends it (the fields the receiver reads, and a few more). */
    paid(
      order: {
        id: number;
        total: string;
        currency?: string;
        email?: string | null;
        phone?: string | null;
        /** Line items as Shopify lists them: a SKU and/or product id, a unit price, a quantity, a discount. */
        lines?: {
          sku?: string | null;
          product_id?: number | null;
          price: string;
          quantity?: number;
          discount?: string;
        }[];
      },
      over = {},
    ) {
      return send(
        "orders/paid",
        {
          id: order.id,
          name: `#${order.id}`,
          email: order.email ?? null,
          phone: order.phone ?? null,
          currency: order.currency ?? "EUR",
          total_price: order.total,
          current_total_price: order.total,
          financial_status: "paid",
          customer: order.email ? { id: 1, email: order.email, first_name: "Ada", last_name: "Lovelace" } : null,
          ...(order.lines && {
            line_items: order.lines.map((line, i) => ({
              id: order.id * 1000 + i,
              title: `Item ${i + 1}`,
              sku: line.sku ?? null,
              product_id: line.product_id ?? null,
              variant_id: line.product_id ? line.product_id * 10 : null,
              price: line.price,
              quantity: line.quantity ?? 1,
              total_discount: line.discount ?? "0.00",
              discount_allocations: line.discount ? [{ amount: line.discount, discount_application_index: 0 }] : [],
              taxable: true,
            })),
          }),
        },
        over,
      );
    },
    /**
     * `refunds/create`: a refund of the order, its id (default: one per order) and the money it
     * returned as Shopify lists it: `transactions` of kind `refund` (`amounts`, successful),
     * beside a failed attempt that returned nothing.
     */
    refund(orderId: number, refund: { id?: number; amounts?: string[] } = {}) {
      const amounts = refund.amounts ?? ["1000000.00"];
      return send("refunds/create", {
        id: refund.id ?? orderId * 10,
        order_id: orderId,
        created_at: new Date().toISOString(),
        restock: false,
        transactions: [
          ...amounts.map((amount, i) => ({
            id: orderId * 100 + i,
            order_id: orderId,
            kind: "refund",
            status: "success",
            amount,
            currency: "EUR",
            gateway: "bogus",
          })),
          { id: orderId * 100 + 99, kind: "refund", status: "failure", amount: "999.00", currency: "EUR" },
        ],
      });
    },
  };
}

export function squareSender(t: TestApp, connection: { webhook_url: string }, signatureKey: string) {
  const send = (type: string, object: object, over: { signature?: string } = {}) => {
    const raw = JSON.stringify({
      merchant_id: "MERCHANT",
      type,
      event_id: randomUUID(),
      created_at: new Date().toISOString(),
      data: { type: type.split(".")[0], id: "X", object },
    });
    return t.request("POST", pathOf(connection.webhook_url), undefined, {
      raw,
      contentType: "application/json",
      headers: { "x-square-hmacsha256-signature": over.signature ?? hmac(signatureKey, connection.webhook_url + raw) },
    });
  };
  return {
    send,
    /** `payment.updated` with the payment's status (earns only when COMPLETED). */
    payment(
      p: {
        id: string;
        amount: number;
        /** null: no currency in `amount_money`. */
        currency?: string | null;
        email?: string;
        customerId?: string;
        /** The order the payment pays (Square's Orders API has its lines). */
        orderId?: string;
        status?: string;
      },
      over = {},
    ) {
      return send(
        "payment.updated",
        {
          payment: {
            id: p.id,
            status: p.status ?? "COMPLETED",
            amount_money: { amount: p.amount, ...(p.currency !== null && { currency: p.currency ?? "EUR" }) },
            buyer_email_address: p.email,
            customer_id: p.customerId,
            order_id: p.orderId,
          },
        },
        over,
      );
    },
    /** A refund of the payment: `amount` minor units returned (default: far more than any test payment). */
    refund(
      paymentId: string,
      status = "COMPLETED",
      type = "refund.created",
      refund: { id?: string; amount?: number } = {},
    ) {
      return send(type, {
        refund: {
          id: refund.id ?? `R-${paymentId}`,
          payment_id: paymentId,
          status,
          amount_money: { amount: refund.amount ?? 100_000_000, currency: "EUR" },
        },
      });
    },
  };
}
