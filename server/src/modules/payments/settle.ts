import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Payment, payments, plans, users } from "../../db/schema";
import { onceOutside } from "../../services/effects";
import type { ChargeOutcome } from "../../services/payments/provider";
import { spendCoupon } from "./coupons";
import { periodEnd } from "./period";
import { receiptMail } from "./receipt";
import type { Jobs } from "../../services/jobs";
import type { PaymentDeps } from "./deps";

/** What settling a payment writes with: the credit's events and its receipt job. */
type SettleDeps = Pick<PaymentDeps, "db" | "events" | "jobs">;

const RECEIPT_QUEUE = "payment-receipt";

/**
 * The receipt mail of a credited payment, sent by a job written with the credit; once, even when
 * the job runs again after its worker died (job_effects).
 */
export function registerPaymentJobs(jobs: Jobs, deps: Pick<PaymentDeps, "db" | "config" | "mailer">) {
  jobs.work<{ paymentId: number }>(RECEIPT_QUEUE, async ({ paymentId }, job) => {
    await onceOutside(deps.db, { kind: "receipt", source: job.id }, paymentId, async () => {
      const mail = await receiptMail(deps, paymentId);
      if (mail) await deps.mailer.send(mail);
    });
  });
}

/**
 * Records what the provider says about a payment. Safe to call any number of times, in any
 * order, from the charge call, a retry, the webhook or the reconciliation: a payment is credited
 * exactly once (the conditional update from a state that is not "succeeded"), and a late "failed"
 * or "processing" never undoes a success. The states only move forward: pending and
 * requires_action to anything, failed only to succeeded (money that moved is always credited).
 * `at` is when the provider made the event (webhooks): an event older than the state already
 * recorded changes nothing but a success. Without `at` (the provider's answer to our own call, or
 * a read of the charge) the state is the provider's current one: applied, and dated now. With `db` a transaction (the webhook's, which records the event),
 * all of it commits with that transaction or not at all; the events and the receipt are jobs in it.
 */
export async function settle(
  deps: SettleDeps,
  paymentId: number,
  outcome: ChargeOutcome,
  db: Db = deps.db,
  at?: Date,
): Promise<Payment> {
  if (outcome.status === "succeeded") return credit(deps, db, paymentId, outcome.reference, at);
  const from: Payment["status"][] = ["pending", "requires_action"];
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({
        status: outcome.status,
        providerRef: sql`coalesce(${payments.providerRef}, ${outcome.reference})`,
        failureMessage: outcome.status === "failed" ? outcome.message : null,
        providerEventAt: newest(at),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(payments.id, paymentId),
          inArray(payments.status, from),
          at && or(isNull(payments.providerEventAt), lte(payments.providerEventAt, at)),
        ),
      )
      .returning();
    if (updated?.status === "failed") {
      const { userId: ownerId, amountMinor, currency, failureMessage: reason } = updated;
      await deps.events.emit(tx, { type: "payment.failed", ownerId, paymentId, amountMinor, currency, reason });
    }
    return updated;
  });
  return row ?? (await load(db, paymentId));
}

/** The newest of the recorded provider time and this state's (`at`, or now for a direct answer). */
const newest = (at: Date | undefined) =>
  sql`greatest(${payments.providerEventAt}, ${at ? sql`${at.toISOString()}::timestamptz` : sql`now()`})`;

async function load(db: Db, paymentId: number): Promise<Payment> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row!;
}

async function credit(
  deps: SettleDeps,
  db: Db,
  paymentId: number,
  reference: string,
  at: Date | undefined,
): Promise<Payment> {
  const credited = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update").limit(1);
    if (!payment || payment.status === "succeeded") return null;
    // One owner's plan periods are computed one at a time: a renewal starts where the current
    // period of the same plan ends (paid ahead), a new plan starts now.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, payment.userId)).for("update");
    let period: { anchor: Date; start: Date; end: Date } | null = null;
    if (payment.mode === "newUser") {
      const [plan] = await tx.select().from(plans).where(eq(plans.id, payment.planId));
      const [current] = await tx
        .select({ anchor: payments.billingAnchor, start: payments.periodStart, end: payments.periodEnd })
        .from(payments)
        .where(
          and(
            eq(payments.userId, payment.userId),
            eq(payments.mode, "newUser"),
            eq(payments.status, "succeeded"),
            eq(payments.planId, payment.planId),
            ne(payments.id, payment.id),
            gt(payments.periodEnd, sql`now()`),
          ),
        )
        .orderBy(desc(payments.periodEnd))
        .limit(1);
      // A renewal continues the current period's cycle (its anchor day); a new plan starts one.
      const start = current?.end ?? new Date();
      // (Rows older than the anchor column began their cycle at their own start.)
      const anchor = current ? (current.anchor ?? current.start!) : start;
      period = { anchor, start, end: periodEnd(anchor, start, plan!.interval) };
    }
    const [updated] = await tx
      .update(payments)
      .set({
        status: "succeeded",
        providerRef: reference,
        failureMessage: null,
        succeededAt: sql`now()`,
        providerEventAt: newest(at),
        billingAnchor: period?.anchor ?? null,
        periodStart: period?.start ?? null,
        periodEnd: period?.end ?? null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, paymentId), ne(payments.status, "succeeded")))
      .returning();
    if (!updated) return null;
    if (updated.couponId) await spendCoupon(tx, updated.userId, updated.couponId, updated.id);
    const { userId: ownerId, amountMinor, currency } = updated;
    await deps.events.emit(tx, { type: "payment.succeeded", ownerId, paymentId, amountMinor, currency });
    await deps.jobs.enqueue(tx, RECEIPT_QUEUE, { paymentId: updated.id });
    return updated;
  });
  return credited ?? load(db, paymentId);
}
