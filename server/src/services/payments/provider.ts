/**
 * The one interface every payment provider implements (Stripe, the sandbox). The rest of the code
 * calls only this: it never knows which provider runs.
 */
export type ChargeInput = {
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Stripe PaymentMethod id (pm_…) or a sandbox test-card token. */
  token: string;
  /** The same key is the same charge at the provider: a retry never charges twice. */
  idempotencyKey: string;
  description: string;
  email: string;
  /** Our payment's id, carried to the provider and back in its events. */
  paymentId: number;
};

export type ChargeOutcome =
  | { status: "succeeded"; reference: string }
  | { status: "requires_action"; reference: string; clientSecret: string }
  | { status: "pending"; reference: string }
  | { status: "failed"; reference: string | null; message: string };

/** A verified provider event about a charge (webhook). */
export type ProviderEvent = {
  id: string;
  type: string;
  /**
   * The charge the event is about, when it is about one: its state when the event was made, and
   * when that was (the provider's clock). Events may come late, twice or out of order.
   */
  charge?: { reference: string; paymentId: number | null; outcome: ChargeOutcome; at: Date };
};

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /**
   * The card's fingerprint (the same card number gives the same one, whoever pays with it), or
   * null when the provider does not know one. Counts coupon uses per card, not only per account.
   */
  cardFingerprint(token: string): Promise<string | null>;
  /** The charge's current state at the provider (after 3-D Secure in the browser). */
  retrieve(reference: string): Promise<ChargeOutcome>;
  /**
   * The charge made for our payment `paymentId`, found by the id it carries, when its answer never
   * reached us (a crash or a timeout before its reference was recorded); null when there is none.
   * The reconciliation's look-up: it may lag a little behind the charge (Stripe's search does).
   */
  find(paymentId: number): Promise<ChargeOutcome | null>;
  /** Verifies a webhook's signature over the raw body; throws WebhookSignatureError if it fails. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
