import { createHash, randomBytes } from "node:crypto";
import { NOT_A_TEST_CARD_MESSAGE, TEST_CARDS } from "../../../../contract/test-cards";
import { type ChargeOutcome, type PaymentProvider, WebhookSignatureError } from "./provider";

/**
 * The payment sandbox: used when no Stripe keys are set, so a fresh machine can take a
 * plan end to end. It answers like Stripe's test mode for Stripe's test cards; no money moves.
 */
export function createSandboxProvider(): PaymentProvider {
  // Same key, same answer (as Stripe does): a retried charge is never a second one.
  const byKey = new Map<string, ChargeOutcome>();
  const byReference = new Map<string, ChargeOutcome>();
  const byPayment = new Map<number, ChargeOutcome>();
  return {
    name: "sandbox",
    async charge(input) {
      const known = byKey.get(input.idempotencyKey);
      if (known) return known;
      const reference = `sandbox_pi_${randomBytes(12).toString("hex")}`;
      const card = TEST_CARDS.find((c) => c.token === input.token);
      const outcome: ChargeOutcome =
        card?.outcome === "succeeded"
          ? { status: "succeeded", reference }
          : {
              status: "failed",
              reference,
              message: card && "message" in card ? card.message : NOT_A_TEST_CARD_MESSAGE,
            };
      byKey.set(input.idempotencyKey, outcome);
      byReference.set(reference, outcome);
      byPayment.set(input.paymentId, outcome);
      return outcome;
    },
    async cardFingerprint(token) {
      // As Stripe does: derived from the card number, so every token of one card shares it.
      const card = TEST_CARDS.find((c) => c.token === token);
      return card ? `sandbox_fp_${createHash("sha256").update(card.number).digest("hex").slice(0, 16)}` : null;
    },
    async retrieve(reference) {
      return byReference.get(reference) ?? { status: "failed", reference, message: "Unknown sandbox payment." };
    },
    async find(paymentId) {
      return byPayment.get(paymentId) ?? null;
    },
    verifyEvent() {
      throw new WebhookSignatureError("The sandbox provider sends no webhooks.");
    },
  };
}
