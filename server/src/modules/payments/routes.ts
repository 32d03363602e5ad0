import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { coupons, paymentEvents, payments, plans } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { route } from "../../http/route";
import { WebhookSignatureError } from "../../services/payments/provider";
import { charge } from "./charge";
import { attachCoupon, checkCoupon, detachCoupon, findCouponByCode, listAppliedCoupons } from "./coupons";
import { presentActivePlan, presentPayment } from "./present";
import { presentQuote, price } from "./quote";
import { receiptHtml } from "./receipt";
import { settle } from "./settle";
import { verbatim } from "../../i18n/sentence";
import { findActivePlan } from "../../db/active-plan";

/** Coupon guesses are limited per owner: codes are short enough to try. */
const couponLimit = { max: 20, windowSeconds: 60 * 60 };

export function paymentRoutes(app: FastifyInstance) {
  route(app, calls.subscriptionPlanActive, async ({ user }) => {
    const active = await findActivePlan(app.db, user.id);
    if (!active) return { message: "payments.noActivePlan", data: null };
    const [coupon] = active.payment.couponId
      ? await app.db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, active.payment.couponId))
      : [];
    return {
      message: "payments.activePlan",
      data: presentActivePlan(active.payment, active.plan, coupon?.code ?? null),
    };
  });

  route(app, calls.paymentList, async ({ user }) => {
    const rows = await app.db
      .select({ payment: payments, plan: plans, coupon: coupons.code })
      .from(payments)
      .innerJoin(plans, eq(plans.id, payments.planId))
      .leftJoin(coupons, eq(coupons.id, payments.couponId))
      .where(eq(payments.userId, user.id))
      .orderBy(desc(payments.id))
      .limit(calls.paymentList.list.max);
    return { message: "payments.list", data: rows.map((r) => presentPayment(r.payment, r.plan, r.coupon)) };
  });

  route(app, calls.paymentReceipt, async ({ user, params }) => {
    const html = await receiptHtml(app, params.id, user.id);
    if (!html) throw notFound("payments.receiptNotFound");
    return {
      message: "payments.receipt",
      file: {
        body: Buffer.from(html),
        contentType: "text/html; charset=utf-8",
        headers: {
          "content-disposition": `attachment; filename="receipt-${params.id}.html"`,
          "cache-control": "private, no-store",
        },
      },
    };
  });

  route(app, calls.subscriptionCharge, async ({ user, body }) => charge(app, user.id, body));

  route(app, calls.couponApply, async ({ user, body }) => {
    await app.limiter.hit(`coupon:user:${user.id}`, couponLimit);
    const coupon = await findCouponByCode(app.db, body.coupon_code);
    // Priced with this coupon (checks it against the plan's currency) before it is attached.
    const priced = await price(app.db, user.id, body.mode, body.subscription_id, coupon);
    await checkCoupon(app.db, coupon, user.id, priced.currency);
    await attachCoupon(app.db, user.id, coupon);
    return { message: "coupons.applied", data: presentQuote(priced) };
  });

  route(app, calls.couponList, async ({ user }) => ({
    message: "coupons.list",
    data: await listAppliedCoupons(app.db, user.id, calls.couponList.list.max),
  }));

  route(app, calls.deleteCoupon, async ({ user, body }) => {
    await detachCoupon(app.db, user.id, body.id);
    return { message: "coupons.removed" };
  });

  // Stripe signs the exact bytes it sent: this route alone takes its JSON body unparsed.
  void app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    route(raw, calls.stripeWebhook, async ({ body: bytes, request }) => {
      const body = Buffer.from(bytes);
      const signature = request.headers["stripe-signature"];
      let event;
      try {
        event = app.payments.verifyEvent(body, typeof signature === "string" ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new HttpError(400, verbatim("Invalid webhook signature."));
        throw error;
      }
      // The event is recorded and settled in one transaction: a failure (or a crash) anywhere in
      // it leaves no record, so Stripe's retry is processed; a replay of a settled event is
      // acknowledged and changes nothing (a concurrent duplicate waits on the row, then finds it).
      const fresh = await app.db.transaction(async (tx) => {
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
          if (payment) await settle(app, payment.id, outcome, tx, at);
        }
        return true;
      });
      if (!fresh) return { message: "payments.eventAlreadyProcessed" };
      return { message: "payments.eventProcessed" };
    });
  });
}
