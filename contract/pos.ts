import "./zod-setup";
import { REWARD_KINDS } from "./rewards";
import { z } from "zod";
import { id, idBody, refId, text } from "./ids";
import { pageQuery, paginated } from "./pagination";

/**
 * Till connections: a Shopify store or a Square account sends a business its paid
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
export const posOrder = z.object({
  order_id: z.string(),
  serial: z.string().nullable(),
  customer_name: z.string().nullable(),
  earned: z.number(),
  unit: z.enum(REWARD_KINDS),
  /** The order's amount in the business's currency (decimal string), when it earned by amount. */
  amount: z.string().nullable(),
  refunded: z.number(),
  refunded_at: z.string().nullable(),
  created_at: z.string(),
});
export type PosOrder = z.infer<typeof posOrder>;
export const posOrdersAnswer = paginated(posOrder);

/**
 * Why an order earned nothing: no card for its customer, another currency than the business's (or
 * none), a total that is not an amount, or an amount the business's rules refuse (above a limit).
 */
export const POS_SKIP_REASONS = ["unknown-customer", "currency", "bad-amount", "above-limit"] as const;
export type PosSkipReason = (typeof POS_SKIP_REASONS)[number];

/** An order that earned nothing, and why. */
export const posSkippedOrder = z.object({
  order_id: z.string(),
  reason: z.enum(POS_SKIP_REASONS),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
});
export type PosSkippedOrder = z.infer<typeof posSkippedOrder>;

export const posConnection = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  provider: z.enum(POS_PROVIDERS),
  /** The URL to paste into the platform's webhook settings. */
  webhook_url: z.string(),
  enrol_unknown: z.boolean(),
  /** Square: whether an access token is saved (the token itself is never answered). */
  has_access_token: z.boolean(),
  created_at: z.string(),
  unknown_customers: z.number().int(),
  currency_errors: z.number().int(),
  /** Orders that earned nothing, by reason. */
  skipped: z.record(z.enum(POS_SKIP_REASONS), z.number().int()),
  last_orders: z.array(posOrder),
  /** The newest orders of unknown customers. */
  last_unknown: z.array(posSkippedOrder),
  /** The newest orders that earned nothing, whatever the reason. */
  last_skipped: z.array(posSkippedOrder),
});
export type PosConnection = z.infer<typeof posConnection>;
export const posConnectionListAnswer = paginated(posConnection);
export const posConnectionAddAnswer = z.object({
  id: z.number().int(),
  provider: z.enum(POS_PROVIDERS),
  webhook_url: z.string(),
});
export const posConnectionSettingsAnswer = z.object({
  id: z.number().int(),
  enrol_unknown: z.boolean(),
  has_access_token: z.boolean(),
});

/** What a till's delivery did, as the receiver answers it (always 200: the platform must not retry it). */
export const TILL_OUTCOMES = [
  "earned",
  "already earned",
  "refunded",
  "already refunded",
  "not earned here",
  "unknown customer",
  "other currency",
  "bad amount",
  "above limit",
  "queued",
  "ignored",
] as const;
export const posHookAnswer = z.object({ outcome: z.enum(TILL_OUTCOMES) });
