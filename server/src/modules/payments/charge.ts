import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ChargeResult, subscriptionChargeBody } from "../../../../contract/payments";
import { type Payment, payments, plans } from "../../db/schema";
import { HttpError, invalid } from "../../http/errors";
import type { ChargeOutcome } from "../../services/payments/provider";
import { formatMinor, parseMajor } from "../plans/present";
import { money } from "./money";
import { reserveCoupon } from "./coupons";
import { price } from "./quote";
import { settle } from "./settle";
import { NOT_COMPLETED, statusPaymentOf } from "./status";
import { sentence, verbatim, type Sentence } from "../../i18n/sentence";
import type { PaymentDeps } from "./deps";

type ChargeBody = z.output<typeof subscriptionChargeBody>;
type ChargeDeps = Pick<PaymentDeps, "db" | "payments" | "events" | "jobs" | "log">;

const UNREACHABLE = "payments.unreachable";

/**
 * subscription-charge: prices the payment on the server, records the attempt under its
 * idempotency key, charges through the provider and settles what it answers.
 */
export async function charge(deps: ChargeDeps, userId: number, body: ChargeBody) {
  // The same attempt again answers the payment it made, before any pricing: the price may have
  // moved since (its coupon is spent once it succeeded), and the retry must not be refused for it.
  const earlier = body.idempotency_key ? await findAttempt(deps, userId, body.idempotency_key) : undefined;
  if (earlier) return resume(deps, earlier, body);
  const priced = await price(deps.db, userId, body.mode, body.subscription_id);
  if (parseMajor(body.amount) !== priced.totalMinor) {
    throw invalid("amount", sentence("payments.amountMismatch", { price: money(priced.totalMinor, priced.currency) }));
  }
  const key = body.idempotency_key ?? randomBytes(16).toString("hex");
  // A coupon is once per card too: the card's fingerprint, when the provider gives one.
  const fingerprint = priced.coupon ? await deps.payments.cardFingerprint(body.token) : null;
  const created = await deps.db.transaction(async (tx) => {
    const [again] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
      .limit(1);
    if (again) return undefined;
    if (priced.coupon) await reserveCoupon(tx, priced.coupon, userId, priced.currency, fingerprint);
    const [row] = await tx
      .insert(payments)
      .values({
        userId,
        planId: priced.plan.id,
        mode: priced.mode,
        listAmountMinor: priced.listMinor,
        discountMinor: priced.discountMinor,
        amountMinor: priced.totalMinor,
        currency: priced.currency,
        couponId: priced.coupon?.id ?? null,
        cardFingerprint: fingerprint,
        provider: deps.payments.name,
        idempotencyKey: key,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  });

  if (!created) {
    // The same attempt sent twice at once (a double submit): never a second charge.
    const again = await findAttempt(deps, userId, key);
    if (!again) throw new HttpError(409, "payments.processing");
    return resume(deps, again, body);
  }
  const outcome = await askProvider(deps, created, body, priced.plan.name);
  const payment = await settle(deps, created.id, outcome);
  return answer(deps, payment, outcome.status === "requires_action" ? outcome.clientSecret : undefined);
}

/**
 * Charges a recorded payment under its own provider idempotency key, so asking again (a retry
 * whose first answer was lost) is the same charge: the provider answers the one it made, or
 * makes it once. When the provider cannot be reached the outcome is unknown (it may have charged):
 * the payment stays pending, to be settled by the same key again, the webhook or the
 * reconciliation, and the client is told to retry (503) rather than that it failed.
 */
async function askProvider(deps: ChargeDeps, payment: Payment, body: ChargeBody, planName: string) {
  try {
    return await deps.payments.charge({
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      token: body.token,
      idempotencyKey: `payment-${payment.id}-${payment.idempotencyKey}`,
      description: describe(payment, planName),
      email: body.email,
      paymentId: payment.id,
    });
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, "payment provider error");
    throw new HttpError(503, UNREACHABLE, undefined, { "retry-after": "5" });
  }
}

/** The payment recorded under this key (one attempt of this owner), with its plan's name. */
async function findAttempt(deps: ChargeDeps, userId: number, key: string) {
  const [found] = await deps.db
    .select({ payment: payments, planName: plans.name })
    .from(payments)
    .innerJoin(plans, eq(plans.id, payments.planId))
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return found;
}

/**
 * Answers an attempt made before (a double submit, a retry after a timeout, after 3-D Secure or
 * after the success), reading its state at the provider while it is unsettled.
 */
async function resume(
  deps: ChargeDeps,
  { payment: existing, planName }: { payment: Payment; planName: string },
  body: ChargeBody,
) {
  let outcome: ChargeOutcome | undefined;
  if ((existing.status === "requires_action" || existing.status === "pending") && existing.providerRef) {
    const reference = existing.providerRef;
    outcome = await deps.payments.retrieve(reference).catch((err: unknown) => {
      deps.log.error({ err, paymentId: existing.id }, "payment provider error");
      throw new HttpError(503, UNREACHABLE, undefined, { "retry-after": "5" });
    });
  } else if (existing.status === "pending") {
    // No answer recorded: the first call died or timed out after the charge, or is still running.
    outcome = await askProvider(deps, existing, body, planName);
  }
  if (!outcome) return answer(deps, existing);
  const payment = await settle(deps, existing.id, outcome);
  return answer(deps, payment, outcome.status === "requires_action" ? outcome.clientSecret : undefined);
}

const describe = (p: Payment, planName: string) =>
  p.mode === "newUser" ? `${planName} plan` : `Extra ${p.mode === "businessPayment" ? "business" : "address"} slot`;

async function answer(deps: ChargeDeps, payment: Payment, clientSecret?: string) {
  if (payment.status === "failed") {
    // The provider's own words, as stored; the generic refusal in the request's language.
    const failure = payment.failureMessage;
    throw new HttpError(402, failure && failure !== NOT_COMPLETED ? verbatim(failure) : "payments.notCompleted");
  }
  const data: ChargeResult = {
    payment_id: payment.id,
    status: payment.status,
    ...(clientSecret && { client_secret: clientSecret }),
    amount: formatMinor(payment.amountMinor),
    currency: payment.currency,
    status_payment: await statusPaymentOf(deps.db, payment.userId),
  };
  const message: Sentence =
    payment.status === "succeeded"
      ? "payments.succeeded"
      : payment.status === "requires_action"
        ? "payments.confirmWithBank"
        : "payments.pending";
  return { message, data };
}
