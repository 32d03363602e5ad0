import type { RewardKind } from "./rewards";
import { z } from "zod";
import { id, idBody, refId, text } from "./ids";
import { pageQuery } from "./pagination";

/**
 * Till connections (issue 24 §4): a Shopify store or a Square account sends a business its paid
 * orders and refunds to /api/hooks/<provider>/<id>, signed with the secret the owner pastes here
 * (Shopify: the app's client secret or the store's webhook signing key; Square: the subscription's
 * signature key). A Square connection may also take the seller's access token, to read a paying
 * customer's email and phone from Square's Customers API. Neither is ever answered back.
 */
export const POS_PROVIDERS = ["shopify", "square"] as const;
export type PosProvider = (typeof POS_PROVIDERS)[number];

/** Square's access token (a personal or OAuth token of the seller). */
const accessToken = text("access token", 500);
const SQUARE_ONLY = "Only a Square connection takes an access token.";

export const posConnectionAddBody = z
  .object({
    business_id: refId("business"),
    provider: z.enum(POS_PROVIDERS, { error: "The provider must be shopify or square." }),
    secret: text("secret", 200),
    /** Square: the access token its Customers API is read with (a blank field is none). */
    access_token: z.preprocess((value) => (value === "" ? undefined : value), z.optional(accessToken)),
    /** Orders of customers without a card here enrol them; off: they are only counted and listed. */
    enrol_unknown: z.boolean({ error: "Enrol unknown must be true or false." }).optional(),
  })
  .refine((body) => body.access_token === undefined || body.provider === "square", {
    path: ["access_token"],
    message: SQUARE_ONLY,
  });
export const posConnectionListQuery = pageQuery;
export const posConnectionDeleteBody = idBody;
/** Either or both: the enrol setting, and (Square) a new access token, or null to remove it. */
export const posConnectionSettingsBody = z
  .object({
    id,
    enrol_unknown: z.boolean({ error: "Enrol unknown must be true or false." }).optional(),
    access_token: z.optional(z.nullable(accessToken)),
  })
  .refine((body) => body.enrol_unknown !== undefined || body.access_token !== undefined, {
    path: ["enrol_unknown"],
    message: "Enrol unknown must be true or false.",
  });
export const posOrdersQuery = pageQuery.extend({ connection_id: refId("connection") });

/**
 * A receiver's path parameter: the connection the platform was told to call (an id that names no
 * connection is answered as a bad signature is).
 */
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
  unit: RewardKind;
  /** The order's amount in the business's currency (decimal string), when it earned by amount. */
  amount: string | null;
  refunded: number;
  refunded_at: string | null;
  created_at: string;
};

/**
 * Why an order earned nothing: no card for its customer, another currency than the business's (or
 * none), a total that is not an amount, or an amount the business's rules refuse (above a limit).
 */
export const POS_SKIP_REASONS = ["unknown-customer", "currency", "bad-amount", "above-limit"] as const;
export type PosSkipReason = (typeof POS_SKIP_REASONS)[number];

/** An order that earned nothing, and why. */
export type PosSkippedOrder = {
  order_id: string;
  reason: PosSkipReason;
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
  /** Square: whether an access token is saved (the token itself is never answered). */
  has_access_token: boolean;
  created_at: string;
  unknown_customers: number;
  currency_errors: number;
  /** Orders that earned nothing, by reason. */
  skipped: Record<PosSkipReason, number>;
  last_orders: PosOrder[];
  /** The newest orders of unknown customers. */
  last_unknown: PosSkippedOrder[];
  /** The newest orders that earned nothing, whatever the reason. */
  last_skipped: PosSkippedOrder[];
};
