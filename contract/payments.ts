import "./zod-setup";
import { z } from "zod";
import { email, name } from "./fields";
import { id } from "./ids";
import { PLAN_FEATURE_KEYS } from "./plan-features";

/** What a payment pays for: a plan (first or renewal), or one more business / address. */
export const paymentMode = z.enum(["newUser", "businessPayment", "addressPayment"], {
  error: "The mode must be newUser, businessPayment or addressPayment.",
});
export type PaymentMode = z.infer<typeof paymentMode>;

/** The one-off fee for a business or address beyond the plan's allowance (5 in the plan's currency), in minor units. */
export const SLOT_FEE_MINOR = 500;

/** A major-unit amount as the client shows it: "19.00" or 19 (minor units are the server's business). */
const majorAmount = z
  .union([z.number(), z.string().trim()], { error: "The amount field is required." })
  .transform((value) => String(value))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "The amount must be a positive amount like 19.00."));

const couponCode = z
  .string({ error: "The coupon code field is required." })
  .trim()
  .min(1, "The coupon code field is required.")
  .max(40, "The coupon code may not be greater than 40 characters.")
  .regex(/^[A-Za-z0-9_-]+$/, "The coupon code may only contain letters, digits, - and _.")
  .transform((value) => value.toUpperCase());

/** The plan bought (newUser); ignored for slot fees, whose currency is the active plan's. */
const subscriptionId = z.coerce.number({ error: "The subscription id must be a number." }).int().positive().optional();

export const couponApplyBody = z
  .object({ coupon_code: couponCode, mode: paymentMode.default("newUser"), subscription_id: subscriptionId })
  .refine((b) => b.mode !== "newUser" || b.subscription_id !== undefined, {
    path: ["subscription_id"],
    message: "Choose a plan first.",
  });
export type CouponApplyBody = z.input<typeof couponApplyBody>;

export const subscriptionChargeBody = z
  .object({
    /** A Stripe PaymentMethod id (pm_…) from Elements, or a sandbox test-card token. */
    token: z
      .string({ error: "The card token is required." })
      .trim()
      .min(3, "The card token is required.")
      .max(255, "The card token is not valid."),
    amount: majorAmount,
    subscription_id: subscriptionId,
    email,
    name,
    mode: paymentMode.default("newUser"),
    /** One per payment attempt: sending it again never charges twice. */
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/, "The idempotency key must be 16–64 letters, digits, - or _.")
      .optional(),
  })
  .refine((b) => b.mode !== "newUser" || b.subscription_id !== undefined, {
    path: ["subscription_id"],
    message: "Choose a plan first.",
  });
export type SubscriptionChargeBody = z.input<typeof subscriptionChargeBody>;

/** What a charge answers: done, failed, or waiting for 3-D Secure in the browser. */
export const chargeResult = z.object({
  payment_id: z.number().int(),
  status: z.enum(["succeeded", "requires_action", "pending", "failed"]),
  client_secret: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
  status_payment: z.enum(["0", "1"]),
});
export type ChargeResult = z.infer<typeof chargeResult>;

/** A quote: what the payment costs before and after the applied coupon. */
export const paymentQuote = z.object({
  mode: paymentMode,
  plan_id: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  discount: z.string(),
  total: z.string(),
  coupon: z.string().nullable(),
});
export type PaymentQuote = z.infer<typeof paymentQuote>;

export const paymentRecord = z.object({
  id: z.number().int(),
  mode: paymentMode,
  plan: z.object({ id: z.number().int(), name: z.string(), interval: z.enum(["month", "year"]) }),
  amount: z.string(),
  discount: z.string(),
  currency: z.string(),
  coupon: z.string().nullable(),
  provider: z.enum(["stripe", "sandbox"]),
  provider_reference: z.string().nullable(),
  status: z.enum(["pending", "requires_action", "succeeded", "failed"]),
  failure_message: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;
export const paymentListAnswer = z.array(paymentRecord);

/** subscription-plan-active: the plan in force, or null without one. */
export const activePlan = paymentRecord.extend({
  included_businesses: z.number().int(),
  included_addresses: z.number().int(),
  /** What the plan unlocks (contract/plan-features.ts): a section shows the upgrade instead of a form its plan refuses. */
  feature_keys: z.array(z.enum(PLAN_FEATURE_KEYS)),
});
export type ActivePlan = z.infer<typeof activePlan>;
export const activePlanAnswer = activePlan.nullable();

export const appliedCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  /** "20%" or "5.00 USD". */
  discount: z.string(),
  valid_until: z.string().nullable(),
  used: z.boolean(),
  applied_at: z.string(),
});
export type AppliedCoupon = z.infer<typeof appliedCoupon>;
export const couponListAnswer = z.array(appliedCoupon);

/** payment-receipt answers the receipt itself (an HTML file), not the envelope. */
export const receiptHtml = z.string();

export const receiptParams = z.object({ id });

/** Stripe's event, as the exact bytes it signed (the API server never parses it before verifying). */
export const stripeWebhookBody = z.custom<Uint8Array>((value) => value instanceof Uint8Array && isEvent(value), {
  error: "The webhook body must be Stripe's JSON event.",
});

/** A JSON object with a string id and type: the shape of every Stripe event. */
function isEvent(bytes: Uint8Array) {
  try {
    const event: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return (
      typeof event === "object" &&
      event !== null &&
      !Array.isArray(event) &&
      typeof (event as { id?: unknown }).id === "string" &&
      typeof (event as { type?: unknown }).type === "string"
    );
  } catch {
    return false;
  }
}
