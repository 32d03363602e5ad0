import { z } from "zod";
import { id, refId } from "./ids";
import { pageQuery } from "./pagination";

/**
 * Outgoing webhooks (issue 24 §3), per the Standard Webhooks specification: the public event
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
export type WebhookEndpoint = {
  id: number;
  url: string;
  events: WebhookEvent[];
  /** Failing for 5 days: nothing is sent until a test event succeeds. */
  disabled_at: string | null;
  failing_since: string | null;
  created_at: string;
};

/** webhook-add and webhook-rotate-secret: the signing secret, shown this once. */
export type WebhookWithSecret = WebhookEndpoint & { secret: string };

/** One line of an endpoint's delivery log. */
export type WebhookDelivery = {
  id: number;
  webhook_id: string;
  event_type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  /** The last answer's HTTP status (null: no answer, e.g. a timeout or a refused address). */
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
};
