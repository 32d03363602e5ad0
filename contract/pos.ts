import { z } from "zod";
import { id, idBody, refId, text } from "./ids";
import { pageQuery } from "./pagination";

/**
 * Till connections (issue 24 §4): a Shopify store or a Square account sends a business its paid
 * orders and refunds to /api/hooks/<provider>/<id>, signed with the secret the owner pastes here
 * (Shopify: the app's client secret or the store's webhook signing key; Square: the subscription's
 * signature key). The secret is never answered back.
 */
export const POS_PROVIDERS = ["shopify", "square"] as const;
export type PosProvider = (typeof POS_PROVIDERS)[number];

export const posConnectionAddBody = z.object({
  business_id: refId("business"),
  provider: z.enum(POS_PROVIDERS, { error: "The provider must be shopify or square." }),
  secret: text("secret", 200),
  /** Orders of customers without a card here enrol them; off: they are only counted and listed. */
  enrol_unknown: z.boolean({ error: "Enrol unknown must be true or false." }).optional(),
});
export const posConnectionListQuery = pageQuery;
export const posConnectionDeleteBody = idBody;
export const posConnectionSettingsBody = z.object({
  id,
  enrol_unknown: z.boolean({ error: "Enrol unknown must be true or false." }),
});
export const posOrdersQuery = pageQuery.extend({ connection_id: refId("connection") });

/** A receiver's path parameter: the connection the platform was told to call. */
export const posHookParams = z.object({ connection_id: id });
/** The platform's event, as the exact bytes it signed (verified before it is parsed). */
export const posHookBody = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  error: "The webhook body must be the platform's JSON event.",
});

/** An order a connection received: what it earned (and took back), or why it earned nothing. */
export type PosOrder = {
  order_id: string;
  serial: string | null;
  customer_name: string | null;
  earned: number;
  unit: "stamps" | "points" | "cashback";
  /** The order's amount in the business's currency (decimal string), when it earned by amount. */
  amount: string | null;
  refunded: number;
  refunded_at: string | null;
  created_at: string;
};

/** An order that earned nothing: no card for its customer, or another currency than the business's. */
export type PosSkippedOrder = {
  order_id: string;
  reason: "unknown-customer" | "currency";
  email: string | null;
  phone: string | null;
  created_at: string;
};

export type PosConnection = {
  id: number;
  business_id: number;
  business_name: string;
  provider: PosProvider;
  /** The URL to paste into the platform's webhook settings. */
  webhook_url: string;
  enrol_unknown: boolean;
  created_at: string;
  unknown_customers: number;
  currency_errors: number;
  last_orders: PosOrder[];
  last_unknown: PosSkippedOrder[];
};
