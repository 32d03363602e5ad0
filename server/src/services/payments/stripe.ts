import Stripe from "stripe";
import { type ChargeOutcome, type PaymentProvider, type ProviderEvent, WebhookSignatureError } from "./provider";

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** A stand-in for api.stripe.com (tests): stripe-node's host/port/protocol options. */
  api?: { host: string; port: number; protocol: "http" | "https" };
};

type Intent = Stripe.PaymentIntent;

const DECLINED = "The payment was not completed.";

function outcomeOf(intent: Intent): ChargeOutcome {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", reference: intent.id };
    case "requires_action":
      return { status: "requires_action", reference: intent.id, clientSecret: intent.client_secret ?? "" };
    case "processing":
    // Made but not confirmed yet (the `payment_intent.created` event): nothing has failed.
    case "requires_confirmation":
      return { status: "pending", reference: intent.id };
    case "requires_payment_method":
      // Without an error it was never tried; with one, the attempt failed.
      if (!intent.last_payment_error) return { status: "pending", reference: intent.id };
      return { status: "failed", reference: intent.id, message: intent.last_payment_error.message ?? DECLINED };
    default:
      return {
        status: "failed",
        reference: intent.id,
        message: intent.last_payment_error?.message ?? DECLINED,
      };
  }
}

/** Stripe: PaymentIntents created and confirmed on the server, webhooks verified over the raw body. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.api && { host: options.api.host, port: options.api.port, protocol: options.api.protocol }),
  });
  return {
    name: "stripe",
    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountMinor,
            currency: input.currency.toLowerCase(),
            payment_method: input.token,
            confirm: true,
            description: input.description,
            receipt_email: input.email,
            metadata: { payment_id: String(input.paymentId) },
            // Cards only, 3-D Secure in the page itself: no redirect away from /payment.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeCardError ||
          error instanceof Stripe.errors.StripeInvalidRequestError
        ) {
          const intent = (error.raw as { payment_intent?: Intent }).payment_intent;
          return { status: "failed", reference: intent?.id ?? null, message: error.message };
        }
        throw error;
      }
    },
    async cardFingerprint(token) {
      try {
        const method = await stripe.paymentMethods.retrieve(token);
        return method.card?.fingerprint ?? null;
      } catch {
        // Unknown here: the charge itself says what is wrong with the payment method.
        return null;
      }
    },
    async retrieve(reference) {
      return outcomeOf(await stripe.paymentIntents.retrieve(reference));
    },
    async find(paymentId) {
      // Each payment makes at most one PaymentIntent (its idempotency key); a success wins anyway.
      const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:'${paymentId}'`, limit: 10 });
      const intent = found.data.find((i) => i.status === "succeeded") ?? found.data[0];
      return intent ? outcomeOf(intent) : null;
    },
    verifyEvent(rawBody, signature): ProviderEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature.");
      }
      if (!event.type.startsWith("payment_intent.")) return { id: event.id, type: event.type };
      const intent = event.data.object as Intent;
      const paymentId = Number(intent.metadata?.payment_id);
      return {
        id: event.id,
        type: event.type,
        charge: {
          reference: intent.id,
          paymentId: Number.isInteger(paymentId) && paymentId > 0 ? paymentId : null,
          outcome: outcomeOf(intent),
          at: new Date((Number.isFinite(event.created) ? event.created : Date.now() / 1000) * 1000),
        },
      };
    },
  };
}
