"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { ApiError, callApi, errorMessage } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { type PaymentMode, SLOT_FEE_MINOR } from "@/contract/payments";
import { type ChargeAttempt, outcomeUnknown, reusableAttempt } from "@/lib/browser/payments/charge-attempt";
import { RETURN_TO, useChosenPlan } from "@/lib/browser/payments/local";
import {
  chargeSubscription,
  formatMoney,
  refreshAfterPayment,
  useActivePlan,
  useApplyCoupon,
  useCoupons,
  usePlans,
} from "@/lib/browser/queries/payments";
import { useProfile } from "@/lib/browser/queries/user";
import type { CardTokenizer } from "./card-form";
import { SandboxCardForm } from "./sandbox-card-form";
import { StripeCardForm } from "./stripe-card-form";

const newKey = () => crypto.randomUUID().replace(/-/g, "");
const feeMajor = (SLOT_FEE_MINOR / 100).toFixed(2);

type Quote = { amount: string; discount: string; total: string; coupon: string | null };

/** /payment: what is bought, its price, a coupon, the card, and the charge. */
export function PaymentPage({
  mode,
  planId,
  publishableKey,
}: {
  mode: PaymentMode;
  planId: number | null;
  publishableKey: string | null;
}) {
  const router = useRouter();
  const t = useTranslations("dashboardMore.payment");
  const format = useFormatter();
  const client = useQueryClient();
  const profile = useProfile();
  const plans = usePlans();
  const active = useActivePlan();
  const coupons = useCoupons();
  const chosen = useChosenPlan();
  const applyCoupon = useApplyCoupon();
  const card = useRef<CardTokenizer>(null);
  const attempt = useRef<ChargeAttempt | null>(null);
  const couponId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [couponError, setCouponError] = useState<string | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);

  const fee = mode !== "newUser";
  const plan = fee ? active.data?.plan : plans.data?.find((p) => p.id === (planId ?? chosen?.id));
  const fullPlan = fee ? undefined : plans.data?.find((p) => p.id === plan?.id);
  const currency = fee ? active.data?.currency : fullPlan?.currency;
  const listAmount = fee ? feeMajor : fullPlan?.amount;
  const total = quote?.total ?? listAmount;

  // A coupon applied earlier (on the coupons page) rides on this payment: show its price.
  const pending = coupons.data?.find((c) => !c.used)?.code;
  const planForQuote = fee ? undefined : fullPlan?.id;
  const { mutateAsync: quoteWith } = applyCoupon;
  useEffect(() => {
    if (!pending || (!fee && !planForQuote)) return;
    quoteWith({ coupon_code: pending, mode, subscription_id: planForQuote }).then(
      (res) => setQuote(res.data),
      () => undefined,
    );
  }, [pending, fee, planForQuote, mode, quoteWith]);

  const onApply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setCouponError(t("couponRequired"));
    try {
      const res = await applyCoupon.mutateAsync({ coupon_code: code, mode, subscription_id: planForQuote });
      setQuote(res.data);
      setCouponError(null);
      toast.success(res.message);
    } catch (error) {
      setCouponError(errorMessage(error));
      toast.error(errorMessage(error));
    }
  };

  const onPay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !profile.data || !total || !card.current) return;
    setBusy(true);
    setFailure(null);
    const fail = (message: string) => {
      setFailure(message);
      toast.error(message);
    };
    try {
      const billing = { name: profile.data.name, email: profile.data.email };
      // A retry after an answer that never came is the same attempt (same key, same card token):
      // the server answers the payment it made, never a second charge (lib/browser/payments/charge-attempt).
      const what = `${mode}:${plan?.id ?? ""}:${total}`;
      let current = reusableAttempt(attempt.current, what);
      if (!current) {
        const tokenized = await card.current.tokenize(billing);
        if ("error" in tokenized) return fail(tokenized.error);
        current = { key: newKey(), token: tokenized.token, what };
      }
      attempt.current = current;
      const body = {
        token: current.token,
        amount: total,
        subscription_id: plan?.id,
        ...billing,
        mode,
        idempotency_key: current.key,
      };
      let result = await chargeSubscription(body);
      if (result.data.status === "requires_action" && result.data.client_secret) {
        const actionError = await card.current.completeAction(result.data.client_secret);
        if (actionError) {
          attempt.current = null;
          return fail(actionError);
        }
        // The same attempt again: the server reads the confirmed PaymentIntent, charging nothing twice.
        result = await chargeSubscription(body);
      }
      if (result.data.status !== "succeeded") {
        return fail(t("processing"));
      }
      attempt.current = null;
      // The session's plan status follows the profile (the BFF's readProfile effect).
      await callApi(calls.userProfile).catch(() => undefined);
      await refreshAfterPayment(client);
      toast.success(result.message);
      router.push(fee ? RETURN_TO[mode as Exclude<PaymentMode, "newUser">] : "/thank-you");
    } catch (error) {
      if (!outcomeUnknown(error)) attempt.current = null;
      fail(error instanceof ApiError ? error.message : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!fee && plans.data && !plan) {
    return (
      <div className="card state-card">
        <h1 className="page-title">{t("choosePlanTitle")}</h1>
        <p className="muted">{t("choosePlanText")}</p>
        <Link href="/subscription" className="btn btn-primary">
          {t("seePlans")}
        </Link>
      </div>
    );
  }
  if (fee && active.data === null) {
    return (
      <div className="card state-card">
        <h1 className="page-title">{t("inactiveTitle")}</h1>
        <p className="muted">{t("inactiveText")}</p>
        <Link href="/subscription" className="btn btn-primary">
          {t("choosePlan")}
        </Link>
      </div>
    );
  }

  const what = fee
    ? t("slotFee", { what: mode === "businessPayment" ? "business" : "address" })
    : plan
      ? t("planItem", { name: plan.name, interval: plan.interval })
      : "…";
  const show = (amount: string | undefined) => (amount && currency ? formatMoney(format, amount, currency) : "…");

  return (
    <>
      <h1 className="page-title">{t("title")}</h1>
      <div className="grid-2">
        <section className="card" aria-labelledby="order-heading">
          <h2 id="order-heading">{t("order")}</h2>
          <dl className="details">
            <dt>{t("item")}</dt>
            <dd>{what}</dd>
            <dt>{t("price")}</dt>
            <dd>{show(listAmount)}</dd>
            {quote && Number(quote.discount) > 0 && (
              <>
                <dt>{t("coupon", { code: quote.coupon ?? "" })}</dt>
                <dd>−{show(quote.discount)}</dd>
              </>
            )}
            <dt>{t("total")}</dt>
            <dd>
              <strong data-testid="payment-total">{show(total)}</strong>
            </dd>
          </dl>
          <form className="form coupon-form" onSubmit={onApply} noValidate>
            <div className="field">
              <label htmlFor={couponId}>{t("couponCode")}</label>
              <div className="inline-field">
                <input
                  id={couponId}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  aria-invalid={couponError ? true : undefined}
                  aria-describedby={couponError ? `${couponId}-error` : undefined}
                />
                <Button type="submit" variant="secondary" busy={applyCoupon.isPending}>
                  {t("apply")}
                </Button>
              </div>
              {couponError && (
                <p id={`${couponId}-error`} className="field-error" role="alert">
                  {couponError}
                </p>
              )}
            </div>
          </form>
        </section>
        <section className="card" aria-labelledby="card-heading">
          <h2 id="card-heading">{t("payByCard")}</h2>
          <form className="form" onSubmit={onPay} noValidate>
            {publishableKey ? (
              <StripeCardForm ref={card} publishableKey={publishableKey} disabled={busy} />
            ) : (
              <SandboxCardForm ref={card} disabled={busy} />
            )}
            {failure && (
              <p className="form-status form-status-error" role="alert">
                {failure}
              </p>
            )}
            <Button type="submit" className="btn-block" busy={busy} disabled={!total || !profile.data}>
              {t("pay", { amount: show(total) })}
            </Button>
          </form>
        </section>
      </div>
    </>
  );
}
