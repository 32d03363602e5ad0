import { eq } from "drizzle-orm";
import { paymentEvents, payments } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { verbatim } from "../../i18n/sentence";
import { WebhookSignatureError } from "../../services/payments/provider";
import type { PaymentDeps } from "./deps";
import { settle } from "./settle";

/**
 * A provider's event, as its exact signed bytes: verified (400 when the signature is wrong), then
 * recorded and settled. Answers false for an event already processed.
 */
export async function receiveProviderEvent(
  deps: Pick<PaymentDeps, "db" | "payments" | "events" | "jobs">,
  body: Buffer,
  signature: string | undefined,
): Promise<boolean> {
  let event;
  try {
    event = deps.payments.verifyEvent(body, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new HttpError(400, verbatim("Invalid webhook signature."));
    throw error;
  }
  // The event is recorded and settled in one transaction: a failure (or a crash) anywhere in
  // it leaves no record, so Stripe's retry is processed; a replay of a settled event is
  // acknowledged and changes nothing (a concurrent duplicate waits on the row, then finds it).
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!recorded) return false;
    if (event.charge) {
      const { reference, paymentId, outcome, at } = event.charge;
      const [payment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(paymentId ? eq(payments.id, paymentId) : eq(payments.providerRef, reference))
        .limit(1);
      // Ordered by the event's time and the payment's states (settle): a late or replayed
      // event never undoes a newer state, and a success is credited once whenever it comes.
      if (payment) await settle(deps, payment.id, outcome, tx, at);
    }
    return true;
  });
}
