import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { notFound } from "../../http/errors";
import { route } from "../../http/route";
import { charge } from "./charge";
import { attachCoupon, checkCoupon, detachCoupon, findCouponByCode, listAppliedCoupons } from "./coupons";
import type { PaymentDeps } from "./deps";
import { activePlanOf, listPayments } from "./history";
import { presentQuote, price } from "./quote";
import { receiptHtml } from "./receipt";
import { receiveProviderEvent } from "./webhook";

/** Coupon guesses are limited per owner: codes are short enough to try. */
const couponLimit = { max: 20, windowSeconds: 60 * 60 };

export function paymentRoutes(app: FastifyInstance, deps: PaymentDeps) {
  const { db } = deps;

  route(app, calls.subscriptionPlanActive, async ({ user }) => {
    const active = await activePlanOf(db, user.id);
    if (!active) return { message: "payments.noActivePlan", data: null };
    return { message: "payments.activePlan", data: active };
  });

  route(app, calls.paymentList, async ({ user }) => ({
    message: "payments.list",
    data: await listPayments(db, user.id, calls.paymentList.list.max),
  }));

  route(app, calls.paymentReceipt, async ({ user, params }) => {
    const html = await receiptHtml(deps, params.id, user.id);
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

  route(app, calls.subscriptionCharge, async ({ user, body }) => charge(deps, user.id, body));

  route(app, calls.couponApply, async ({ user, body }) => {
    await deps.limiter.hit(`coupon:user:${user.id}`, couponLimit);
    const coupon = await findCouponByCode(db, body.coupon_code);
    // Priced with this coupon (checks it against the plan's currency) before it is attached.
    const priced = await price(db, user.id, body.mode, body.subscription_id, coupon);
    await checkCoupon(db, coupon, user.id, priced.currency);
    await attachCoupon(db, user.id, coupon);
    return { message: "coupons.applied", data: presentQuote(priced) };
  });

  route(app, calls.couponList, async ({ user }) => ({
    message: "coupons.list",
    data: await listAppliedCoupons(db, user.id, calls.couponList.list.max),
  }));

  route(app, calls.deleteCoupon, async ({ user, body }) => {
    await detachCoupon(db, user.id, body.id);
    return { message: "coupons.removed" };
  });

  // Stripe signs the exact bytes it sent: this route alone takes its JSON body unparsed.
  void app.register(async (raw) => {
    raw.removeContentTypeParser("application/json");
    raw.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    route(raw, calls.stripeWebhook, async ({ body: bytes, request }) => {
      const signature = request.headers["stripe-signature"];
      const fresh = await receiveProviderEvent(
        deps,
        Buffer.from(bytes),
        typeof signature === "string" ? signature : undefined,
      );
      return { message: fresh ? "payments.eventProcessed" : "payments.eventAlreadyProcessed" };
    });
  });
}
