import "./zod-setup";
import { z } from "zod";
import { id, refId } from "./ids";
import { pageQuery, paginated } from "./pagination";

/**
 * Outgoing webhooks, per the Standard Webhooks specification: the public event
 * types an endpoint may hear, whatever the server's internal events are called.
 */
export const WEBHOOK_EVENTS = [
  "card.created",
  "card.earned",
  "reward.redeemed",
  "card.adjusted",
  "card.deleted",
  "fraud.alert",
  "customer.updated",
  "voucher.issued",
  "voucher.redeemed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The type of webhook-test's event (never one the product sends by itself). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

const MAX_URL = 2000;
/** Endpoints per owner: webhook-list answers them all. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

const URL_MESSAGE = "The url must be an http:// or https:// URL (without a user or password).";

export const webhookAddBody = z.object({
  url: z
    .string({ error: "The url field is required." })
    .trim()
    .min(1, "The url field is required.")
    .max(MAX_URL, `The url may not be greater than ${MAX_URL} characters.`)
    .pipe(z.url({ protocol: /^https?$/, error: URL_MESSAGE }))
    // zod runs this check also when the URL check failed: an unreadable URL is left to that one.
    .refine((value) => {
      const url = URL.canParse(value) ? new URL(value) : null;
      return !url || (!url.username && !url.password);
    }, URL_MESSAGE),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `An event must be one of: ${WEBHOOK_EVENTS.join(", ")}.` }), {
      error: "Choose at least one event.",
    })
    .min(1, "Choose at least one event.")
    .transform((events) => [...new Set(events)]),
});

export const webhookIdBody = z.object({ id });
export const webhookDeliveriesQuery = pageQuery.extend({ endpoint_id: refId("endpoint") });

/** An endpoint as listed (never its secret). */
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** Failing for 5 days: nothing is sent until a test event succeeds. */
  disabled_at: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookListAnswer = z.array(webhookEndpoint);

/** webhook-add and webhook-rotate-secret: the signing secret, shown this once. */
export const webhookWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

/** One line of an endpoint's delivery log. */
export const webhookDelivery = z.object({
  id: z.number().int(),
  webhook_id: z.string(),
  event_type: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  /** The last answer's HTTP status (null: no answer, e.g. a timeout or a refused address). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveriesAnswer = paginated(webhookDelivery);
/** webhook-delete, -redeliver and -test: the id of the endpoint or delivery acted on. */
export const webhookIdAnswer = z.object({ id: z.number().int() });
